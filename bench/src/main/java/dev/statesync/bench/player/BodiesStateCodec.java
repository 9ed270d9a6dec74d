package dev.statesync.bench.player;

import java.util.Arrays;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.sync.predict.ErrorMetric;
import dev.statesync.sync.predict.StateCodec;

/**
 * {@link BodiesState} on the wire, and how far a prediction is from it.
 * <p>
 * Wire: the player's six floats, the number of other bodies present (bounded by the body count), then per body
 * its index (bounded, strictly ascending, so a hostile message cannot name a body twice) and six floats. Full
 * floats, not quantized: client and server simulate the same floats, so a state that was predicted right
 * compares equal and costs no correction.
 * <p>
 * The error is the largest over the bodies the authoritative state holds: a crate the player pushed
 * differently on the server triggers a correction just as the player does.
 */
public final class BodiesStateCodec implements StateCodec<BodiesState>, ErrorMetric<BodiesState>
{
    private final int bodyCount;

    /**
     * @param bodyCount dynamic bodies of the world, player included, at least 1.
     */
    public BodiesStateCodec(final int bodyCount)
    {
        if (bodyCount < 1)
        {
            throw new IllegalArgumentException("bodyCount < 1: " + bodyCount);
        }
        this.bodyCount = bodyCount;
    }

    /** {@inheritDoc} */
    public BodiesState newState()
    {
        return new BodiesState(bodyCount);
    }

    /** {@inheritDoc} */
    public void copy(final BodiesState src, final BodiesState dst)
    {
        System.arraycopy(src.values, 0, dst.values, 0, src.values.length);
        System.arraycopy(src.present, 0, dst.present, 0, src.present.length);
    }

    /** {@inheritDoc} */
    public void serialize(final BitStream stream, final BodiesState state)
    {
        final boolean reading = stream.isReading();
        if (reading)
        {
            Arrays.fill(state.present, false);
        }
        state.present[0] = true;
        serializeBody(stream, state, 0);

        final int others = stream.serializeInt(reading ? 0 : state.presentCount() - 1, 0, bodyCount - 1);
        int previous = 0;
        int next = 1;
        for (int i = 0; i < others && !stream.isFailed(); i++)
        {
            if (!reading)
            {
                while (!state.present[next])
                {
                    next++;
                }
            }
            final int body = stream.serializeInt(next, 1, bodyCount - 1);
            stream.validate(body > previous);
            if (stream.isFailed())
            {
                return;
            }
            state.present[body] = true;
            serializeBody(stream, state, body);
            previous = body;
            next = body + 1;
        }
    }

    private static void serializeBody(final BitStream stream, final BodiesState state, final int body)
    {
        final float[] v = state.values;
        final int base = body * BodiesState.VALUES_PER_BODY;
        for (int k = 0; k < BodiesState.VALUES_PER_BODY; k++)
        {
            v[base + k] = stream.serializeFloat(v[base + k]);
        }
    }

    /**
     * @return the largest position distance over the bodies {@code authoritative} holds, metres; NaN when any
     * value is NaN (so it is corrected, never kept).
     */
    public double positionErrorM(final BodiesState predicted, final BodiesState authoritative)
    {
        double maxM = 0.0;
        for (int body = 0; body < bodyCount; body++)
        {
            if (authoritative.present[body])
            {
                final int base = body * BodiesState.VALUES_PER_BODY;
                final double dx = predicted.values[base + BodiesState.X] - authoritative.values[base + BodiesState.X];
                final double dy = predicted.values[base + BodiesState.Y] - authoritative.values[base + BodiesState.Y];
                final double errorM = Math.sqrt(dx * dx + dy * dy);
                if (Double.isNaN(errorM))
                {
                    return errorM;
                }
                if (errorM > maxM)
                {
                    maxM = errorM;
                }
            }
        }
        return maxM;
    }

    /**
     * @return the largest angle difference over the bodies {@code authoritative} holds, radians.
     */
    public double rotationErrorRad(final BodiesState predicted, final BodiesState authoritative)
    {
        double maxRad = 0.0;
        for (int body = 0; body < bodyCount; body++)
        {
            if (authoritative.present[body])
            {
                final int index = body * BodiesState.VALUES_PER_BODY + BodiesState.ANGLE;
                final double errorRad = Math.abs(predicted.values[index] - authoritative.values[index]);
                if (Double.isNaN(errorRad))
                {
                    return errorRad;
                }
                if (errorRad > maxRad)
                {
                    maxRad = errorRad;
                }
            }
        }
        return maxRad;
    }
}
