package dev.statesync.codec.reference;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import dev.statesync.codec.bits.BitStream;

/**
 * The reference encoding: Glenn Fiedler's GDC 2015 snapshot delta scheme, rule for rule as his cube demo's last
 * delta mode ("relative orientation") codes it, so every scene can report his bits and ours on the same states.
 *
 * <p>A whole snapshot is coded against one baseline snapshot both ends hold: the newest one the receiver acked,
 * and before the first ack the initial snapshot (the scene as both ends set it up). Per snapshot:
 * <pre>
 * index list       1 bit: fewer than 126 objects changed
 * if so            count in [0, 127] (7 bits), then per changed object, ascending: the first index in
 *                  [0, objects - 1] (10 bits for 901), later ones as the gap to the previous on his ladder
 *                  (1: 1 bit; 2..5: 2 + 2; 6..13: 3 + 3; 14..29: 4 + 4; 30..61: 5 + 5; else 5 +
 *                  bits(62, objects - 1)), each index followed by that object's delta
 * else             per object one "changed" bit, followed by the object's delta when set
 * </pre>
 * The object delta is {@link Fiedler2015ObjectDelta}. An object is changed when any field of its record differs.
 *
 * <p>Ours, outside his scheme: without a baseline (the runner's acked snapshot fell out of its window, which a
 * sane link never reaches) every object is coded absolutely and no index list is sent.
 */
public final class Fiedler2015Codec
{
    /** His changed-object limit for the index list: it is used only for fewer changes than this. */
    static final int INDEXED_CHANGES_LIMIT = 126;
    /** The count field's range is [0, 127]: 7 bits. */
    static final int COUNT_MAX = INDEXED_CHANGES_LIMIT + 1;
    /** Smallest gap of each rung of his relative-index ladder; the last rung runs to the last index. */
    private static final int[] GAP_RUNG_MIN = {1, 2, 6, 14, 30, 62};

    private final int objectCount;
    private final int stride;
    private final Fiedler2015ObjectDelta objectDelta;
    private final int[] changed;

    /** @param objectCount objects per snapshot, at least 1. */
    public Fiedler2015Codec(final StateSchema schema, final int objectCount)
    {
        if (objectCount < 1)
        {
            throw new IllegalArgumentException("objectCount must be at least 1, got " + objectCount);
        }
        this.objectCount = objectCount;
        this.stride = schema.stride();
        this.objectDelta = new Fiedler2015ObjectDelta(schema);
        this.changed = new int[objectCount];
    }

    /**
     * Serialize a whole snapshot.
     *
     * @param stream   write, read or measure.
     * @param current  the snapshot: read when writing or measuring, updated when reading (unchanged objects
     *                 are copied from the baseline).
     * @param baseline the baseline both ends hold (the newest acked snapshot, else the initial one), or null
     *                 for none.
     */
    public void serialize(final BitStream stream, final QuantizedStates current, final QuantizedStates baseline)
    {
        final int[] state = current.array();
        if (baseline == null)
        {
            for (int i = 0; i < objectCount; i++)
            {
                objectDelta.serializeAbsolute(stream, state, i * stride);
            }
            return;
        }
        final int[] base = baseline.array();
        final boolean reading = stream.isReading();
        if (reading)
        {
            System.arraycopy(base, 0, state, 0, objectCount * stride);
        }
        final int changedCount = reading ? 0 : changedObjects(current, base);

        final boolean useIndices = stream.serializeBool(!reading && changedCount < INDEXED_CHANGES_LIMIT);
        if (useIndices)
        {
            final int count = stream.serializeInt(changedCount, 0, COUNT_MAX);
            int previous = -1;
            for (int k = 0; k < count && !stream.isFailed(); k++)
            {
                final int index = k == 0 ?
                    stream.serializeInt(reading ? 0 : changed[0], 0, objectCount - 1) :
                    serializeNextIndex(stream, previous, reading ? previous + 1 : changed[k]);
                previous = index;
                objectDelta.serialize(stream, state, index * stride, base, index * stride);
            }
        }
        else
        {
            int next = 0;
            for (int i = 0; i < objectCount; i++)
            {
                final boolean isChanged = stream.serializeBool(!reading && next < changedCount && changed[next] == i);
                if (isChanged)
                {
                    next++;
                    objectDelta.serialize(stream, state, i * stride, base, i * stride);
                }
            }
        }
    }

    /** Fills {@link #changed} ascending. @return how many objects differ from the baseline. */
    private int changedObjects(final QuantizedStates current, final int[] base)
    {
        int count = 0;
        for (int i = 0; i < objectCount; i++)
        {
            if (!current.equalsRecord(i, base, i * stride))
            {
                changed[count++] = i;
            }
        }
        return count;
    }

    /**
     * His relative index: the gap to the previous index on a ladder of "in this rung" bits, each rung's gap in its
     * own range. A read index past the last object fails the reader (and is clamped so nothing indexes out).
     */
    private int serializeNextIndex(final BitStream stream, final int previous, final int index)
    {
        final int gap = index - previous;
        final int lastRung = GAP_RUNG_MIN.length - 1;
        for (int rung = 0; rung < lastRung; rung++)
        {
            final int max = GAP_RUNG_MIN[rung + 1] - 1;
            if (stream.serializeBool(!stream.isReading() && gap <= max))
            {
                return checkedIndex(stream, previous, stream.serializeInt(stream.isReading() ? max : gap, GAP_RUNG_MIN[rung], max));
            }
        }
        final int min = GAP_RUNG_MIN[lastRung];
        final int max = Math.max(min, objectCount - 1);
        return checkedIndex(stream, previous, stream.serializeInt(stream.isReading() ? min : gap, min, max));
    }

    private int checkedIndex(final BitStream stream, final int previous, final int gap)
    {
        final long index = (long)previous + gap;
        stream.validate(index < objectCount);
        return (int)Math.min(index, objectCount - 1);
    }
}
