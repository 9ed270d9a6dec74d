package dev.statesync.bench.runner;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.reference.Fiedler2015Codec;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * The {@link Stage#FIEDLER_2015} stage of a tick: the snapshot measured with {@link Fiedler2015Codec} against the
 * newest snapshot the authority has seen acked ({@link AckedSnapshotTracker}), and how many objects differ from
 * that baseline (the denominator of every stage's bits per moving object).
 */
final class ReferenceStageBits
{
    private final int objects;
    private final AckedSnapshotTracker acked;
    private final Fiedler2015Codec fiedler;
    private final BitMeasure measure = new BitMeasure();
    private int changedVsAcked;

    /**
     * @param schema  the run's schema.
     * @param objects objects in the scene.
     * @param acked   the tracker the link keeps up to date.
     */
    ReferenceStageBits(final StateSchema schema, final int objects, final AckedSnapshotTracker acked)
    {
        this.objects = objects;
        this.acked = acked;
        this.fiedler = new Fiedler2015Codec(schema, objects);
    }

    /** Record the snapshot of {@code tick} and measure it against its acked baseline. */
    void account(final int tick, final QuantizedStates current)
    {
        acked.onSnapshot(tick, current);
        final QuantizedStates baseline = acked.baseline();
        changedVsAcked = changedAgainst(current, baseline);
        measure.reset();
        fiedler.serialize(measure, current, baseline);
    }

    /** @return bits of this tick's reference snapshot. */
    long bits()
    {
        return measure.bits();
    }

    /** @return objects of this tick whose record differs from the acked baseline; all of them without one. */
    int changedVsAcked()
    {
        return changedVsAcked;
    }

    private int changedAgainst(final QuantizedStates current, final QuantizedStates baseline)
    {
        if (baseline == null)
        {
            return objects;
        }
        int changed = 0;
        for (int i = 0; i < objects; i++)
        {
            if (!current.sameObject(i, baseline))
            {
                changed++;
            }
        }
        return changed;
    }
}
