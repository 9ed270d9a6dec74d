package dev.statesync.bench.box2d;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.sync.predict.ErrorMetric;
import dev.statesync.sync.predict.StateCodec;

/** {@link BodyState} on the wire as six floats (no quantization), and its error metric. */
public final class BodyStateCodec implements StateCodec<BodyState>, ErrorMetric<BodyState>
{
    @Override
    public BodyState newState()
    {
        return new BodyState();
    }

    @Override
    public void copy(final BodyState src, final BodyState dst)
    {
        dst.x = src.x;
        dst.y = src.y;
        dst.angle = src.angle;
        dst.vx = src.vx;
        dst.vy = src.vy;
        dst.angularVelocity = src.angularVelocity;
    }

    @Override
    public void serialize(final BitStream stream, final BodyState state)
    {
        state.x = stream.serializeFloat(state.x);
        state.y = stream.serializeFloat(state.y);
        state.angle = stream.serializeFloat(state.angle);
        state.vx = stream.serializeFloat(state.vx);
        state.vy = stream.serializeFloat(state.vy);
        state.angularVelocity = stream.serializeFloat(state.angularVelocity);
    }

    @Override
    public double positionErrorM(final BodyState predicted, final BodyState authoritative)
    {
        return Math.hypot(predicted.x - authoritative.x, predicted.y - authoritative.y);
    }

    @Override
    public double rotationErrorRad(final BodyState predicted, final BodyState authoritative)
    {
        return Math.abs(predicted.angle - authoritative.angle);
    }
}
