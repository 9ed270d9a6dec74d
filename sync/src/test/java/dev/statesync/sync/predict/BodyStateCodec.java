package dev.statesync.sync.predict;

import dev.statesync.codec.bits.BitStream;

/** Full-float body state (no quantization, so equal simulations compare exactly) and its error metric. */
final class BodyStateCodec implements StateCodec<BodyState>, ErrorMetric<BodyState>
{
    public BodyState newState()
    {
        return new BodyState();
    }

    public void copy(final BodyState src, final BodyState dst)
    {
        dst.x = src.x;
        dst.y = src.y;
        dst.angle = src.angle;
        dst.vx = src.vx;
        dst.vy = src.vy;
        dst.angularVelocity = src.angularVelocity;
    }

    public void serialize(final BitStream stream, final BodyState state)
    {
        state.x = stream.serializeFloat(state.x);
        state.y = stream.serializeFloat(state.y);
        state.angle = stream.serializeFloat(state.angle);
        state.vx = stream.serializeFloat(state.vx);
        state.vy = stream.serializeFloat(state.vy);
        state.angularVelocity = stream.serializeFloat(state.angularVelocity);
    }

    public double positionErrorM(final BodyState predicted, final BodyState authoritative)
    {
        return Math.hypot(predicted.x - authoritative.x, predicted.y - authoritative.y);
    }

    public double rotationErrorRad(final BodyState predicted, final BodyState authoritative)
    {
        return Math.abs(predicted.angle - authoritative.angle);
    }
}
