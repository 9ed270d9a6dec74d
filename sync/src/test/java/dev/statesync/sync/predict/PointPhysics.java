package dev.statesync.sync.predict;

import dev.statesync.codec.bits.BitStream;

/** A pure step function (walk, jump, gravity, floor at y = 0) with its codec and error metric. */
final class PointPhysics implements StepFunction<PointState, TestInput>, StateCodec<PointState>, ErrorMetric<PointState>
{
    static final float DT = 1.0f / 60.0f;

    public void step(final PointState current, final TestInput input, final PointState next)
    {
        float vx = current.vx * 0.9f + input.moveX * 0.5f;
        float vy = current.vy - 9.8f * DT;
        if (input.jump && current.y <= 0.0f)
        {
            vy = 5.0f;
        }
        float y = current.y + vy * DT;
        if (y < 0.0f)
        {
            y = 0.0f;
            vy = 0.0f;
        }
        next.x = current.x + vx * DT;
        next.y = y;
        next.vx = vx;
        next.vy = vy;
    }

    public PointState newState()
    {
        return new PointState();
    }

    public void copy(final PointState src, final PointState dst)
    {
        dst.x = src.x;
        dst.y = src.y;
        dst.vx = src.vx;
        dst.vy = src.vy;
    }

    public void serialize(final BitStream stream, final PointState state)
    {
        state.x = stream.serializeFloat(state.x);
        state.y = stream.serializeFloat(state.y);
        state.vx = stream.serializeFloat(state.vx);
        state.vy = stream.serializeFloat(state.vy);
    }

    public double positionErrorM(final PointState predicted, final PointState authoritative)
    {
        return Math.hypot(predicted.x - authoritative.x, predicted.y - authoritative.y);
    }

    public double rotationErrorRad(final PointState predicted, final PointState authoritative)
    {
        return 0.0;
    }
}
