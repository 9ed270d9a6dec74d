package dev.statesync.codec.predict;

import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

/**
 * What a {@link Predictor} predicts from, for one object at one tick: its newest acked baseline and that
 * baseline's age, and optionally an older acked baseline and its age. Ages are in ticks from the baseline to
 * the predicted tick, so the newest is at least 1 old and the older is older still.
 *
 * <p>A mutable, reusable value owned by the codec: the sender and receiver each keep one, point it at the
 * baselines in their rings once per object ({@link #newest(int[], int, int)}, then
 * {@link #older(int[], int, int)} or {@link #noOlder()}), and hand the same instance to the predictor and
 * to {@code MotionContext}. Filling it wraps two {@link StateRecord} views and stores two ints; nothing is
 * copied or allocated.
 *
 * <p>The schema lives here, in the baseline views, rather than in each predictor: the input is what both
 * ends agree the object's records look like, and a predictor that needs no precomputed constants
 * ({@link HoldPredictor}, {@link LinearExtrapolationPredictor} without gravity) then works for any schema.
 * A predictor that precomputes per-schema constants ({@link BallisticPredictor}) is built for one schema and
 * must be given inputs of that layout.
 *
 * <p>Ages of a received packet come from the sender's baseline table and are at least 1 by construction; an
 * older baseline that is not older than the newest (a hostile table can name one) is passed on as it is,
 * and predictors that use the gap ({@link #baselineGapTicks()}) treat a gap below 1 as no older baseline.
 * Not thread-safe.
 */
public final class PredictionInput
{
    private final StateRecord newest;
    private final StateRecord older;
    private int newestAgeTicks;
    private int olderAgeTicks;
    private boolean hasOlder;

    /** @param schema the layout of the baselines this input will point at. */
    public PredictionInput(final StateSchema schema)
    {
        this.newest = new StateRecord(schema);
        this.older = new StateRecord(schema);
    }

    /** @return the layout of the baselines (and of the record a predictor writes). */
    public StateSchema schema()
    {
        return newest.schema();
    }

    /**
     * Point at the newest baseline. Call once per object, before {@link #older} or {@link #noOlder()}.
     *
     * @param array    the array holding the baseline record.
     * @param offset   index of its first field.
     * @param ageTicks ticks from the baseline to the predicted tick, >= 1.
     * @return this.
     */
    public PredictionInput newest(final int[] array, final int offset, final int ageTicks)
    {
        newest.wrap(array, offset);
        newestAgeTicks = ageTicks;
        return this;
    }

    /**
     * Point at the older baseline, for predictors that use two ({@link Predictor#baselineCount()} 2).
     *
     * @param array    the array holding the baseline record.
     * @param offset   index of its first field.
     * @param ageTicks ticks from the baseline to the predicted tick; more than the newest's.
     * @return this.
     */
    public PredictionInput older(final int[] array, final int offset, final int ageTicks)
    {
        older.wrap(array, offset);
        olderAgeTicks = ageTicks;
        hasOlder = true;
        return this;
    }

    /**
     * Record that there is no older baseline (the predictor uses one, or the object has only one acked).
     *
     * @return this.
     */
    public PredictionInput noOlder()
    {
        olderAgeTicks = 0;
        hasOlder = false;
        return this;
    }

    /** @return the newest baseline (a view into the caller's array: read it, do not write it). */
    public StateRecord newest()
    {
        return newest;
    }

    /** @return ticks from the newest baseline to the predicted tick, >= 1. */
    public int newestAgeTicks()
    {
        return newestAgeTicks;
    }

    /** @return true if {@link #older()} holds a baseline. */
    public boolean hasOlder()
    {
        return hasOlder;
    }

    /**
     * @return the older baseline (a view into the caller's array: read it, do not write it); meaningful only
     * when {@link #hasOlder()}.
     */
    public StateRecord older()
    {
        return older;
    }

    /** @return ticks from the older baseline to the predicted tick, or 0 without one. */
    public int olderAgeTicks()
    {
        return olderAgeTicks;
    }

    /**
     * @return ticks between the two baselines ({@code olderAgeTicks - newestAgeTicks}, in a long so a hostile
     * table cannot overflow it), or 0 without an older baseline.
     */
    public long baselineGapTicks()
    {
        return hasOlder ? (long)olderAgeTicks - newestAgeTicks : 0;
    }
}
