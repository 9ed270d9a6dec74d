package dev.statesync.codec.snapshot;

import dev.statesync.codec.BitLadder;
import dev.statesync.codec.BitStream;
import dev.statesync.codec.Bits;

/**
 * The reference encoding: Glenn Fiedler's published 2015 snapshot delta scheme (GDC 2015 cube demo,
 * "Snapshot Compression"), kept so every scene can report his bits and ours on the same states.
 *
 * <p>A whole snapshot is coded against one baseline snapshot (the newest one the receiver acked):
 * <pre>
 * changed objects   1 mode bit, then either one "changed" bit per object, or a count and the index gaps
 *                   on his ladder ([1,8] 4 bits, [9,40] 7 bits, else 12), whichever is smaller
 * per changed object:
 *   at rest         1 bit
 *   position        1 bit small: 3 x [-16,15] in 5 bits; else 1 bit large: 3 x [-256,255] in 9 bits;
 *                   else absolute
 *   rotation        same largest index and in range: 1 bit small: 3 x [-16,15] in 5 bits, else 3 x
 *                   [-128,127] in 8 bits; otherwise absolute smallest three
 *   velocities      (only schemas that have them, not at rest; his 2015 scheme sends none) the VR
 *                   sample's vector delta: 1 bit "all three small" then 3 x 5-bit zig-zag; else per
 *                   component small (1+5), medium (2+10) or the full bounded value
 * </pre>
 * A 2D angle (no rule in his scheme) is coded like one position component, modulo the full circle.
 * Without a baseline every object is absolute and no index list is sent.
 */
public final class Fiedler2015Codec
{
    private static final int SMALL_MIN = -16;
    private static final int SMALL_MAX = 15;
    private static final int LARGE_POSITION_MIN = -256;
    private static final int LARGE_POSITION_MAX = 255;
    private static final int LARGE_ROTATION_MIN = -128;
    private static final int LARGE_ROTATION_MAX = 127;

    private final StateSchema schema;
    private final int objectCount;
    private final BitLadder gapLadder = IndexCoding.fiedlerGapLadder();
    private final int[] changed;

    /** @param objectCount objects per snapshot; at most 1064 (his index ladder's range). */
    public Fiedler2015Codec(final StateSchema schema, final int objectCount)
    {
        if (objectCount < 1 || objectCount - 1 > gapLadder.maxValue())
        {
            throw new IllegalArgumentException("objectCount must be 1.." + (gapLadder.maxValue() + 1));
        }
        this.schema = schema;
        this.objectCount = objectCount;
        this.changed = new int[objectCount];
    }

    /**
     * Serialize a whole snapshot.
     *
     * @param stream   write, read or measure.
     * @param current  the snapshot: read when writing or measuring, updated when reading (unchanged objects
     *                 are copied from the baseline).
     * @param baseline the acked baseline snapshot both ends hold, or null for none.
     */
    public void serialize(final BitStream stream, final QuantizedStates current, final QuantizedStates baseline)
    {
        final int[] state = current.array();
        final int stride = schema.stride();
        if (baseline == null)
        {
            for (int i = 0; i < objectCount; i++)
            {
                serializeAbsoluteObject(stream, state, i * stride);
            }
            return;
        }
        final int[] base = baseline.array();

        int changedCount = 0;
        if (!stream.isReading())
        {
            for (int i = 0; i < objectCount; i++)
            {
                if (!current.equalsRecord(i, base, i * stride))
                {
                    changed[changedCount++] = i;
                }
            }
        }
        final boolean useIndices = stream.serializeBool(!stream.isReading() && indexBits(changedCount) < objectCount);
        if (useIndices)
        {
            changedCount = stream.serializeInt(changedCount, 0, objectCount);
            int previous = -1;
            for (int k = 0; k < changedCount; k++)
            {
                final int gap = stream.serializeLadder(stream.isReading() ? 0 : changed[k] - previous - 1, gapLadder);
                final long index = (long)previous + 1 + gap;
                stream.validate(index < objectCount);
                previous = (int)Math.min(index, objectCount - 1);
                changed[k] = previous;
            }
        }
        else
        {
            int next = 0;
            int found = 0;
            for (int i = 0; i < objectCount; i++)
            {
                final boolean isChanged = stream.serializeBool(next < changedCount && changed[next] == i);
                if (!stream.isReading() && isChanged)
                {
                    next++;
                }
                if (stream.isReading() && isChanged)
                {
                    changed[found++] = i;
                }
            }
            if (stream.isReading())
            {
                changedCount = found;
            }
        }

        if (stream.isReading())
        {
            System.arraycopy(base, 0, state, 0, objectCount * stride);
        }
        for (int k = 0; k < changedCount; k++)
        {
            final int offset = changed[k] * stride;
            serializeDeltaObject(stream, state, offset, base, offset);
        }
    }

    private long indexBits(final int changedCount)
    {
        long bits = Bits.bitsRequired(0, objectCount);
        int previous = -1;
        for (int k = 0; k < changedCount; k++)
        {
            bits += gapLadder.bitsFor(changed[k] - previous - 1);
            previous = changed[k];
        }
        return bits;
    }

    private void serializeAbsoluteObject(final BitStream stream, final int[] state, final int offset)
    {
        final boolean atRest = serializeAtRest(stream, state, offset);
        absolute(stream, state, offset, 0, schema.atRestOffset());
        if (schema.hasVelocities())
        {
            if (!atRest)
            {
                absolute(stream, state, offset, schema.linearOffset(), schema.stride());
            }
            else if (stream.isReading())
            {
                java.util.Arrays.fill(state, offset + schema.linearOffset(), offset + schema.stride(), 0);
            }
        }
    }

    private boolean serializeAtRest(final BitStream stream, final int[] state, final int offset)
    {
        final boolean atRest = stream.serializeBool(state[offset + schema.atRestOffset()] != 0);
        if (stream.isReading())
        {
            state[offset + schema.atRestOffset()] = atRest ? 1 : 0;
        }
        return atRest;
    }

    private void serializeDeltaObject(
        final BitStream stream, final int[] state, final int offset, final int[] base, final int baseOffset)
    {
        final boolean atRest = serializeAtRest(stream, state, offset);
        serializeSmallLargeAbsolute(stream, state, offset, base, baseOffset, 0, schema.positionAxes(),
            LARGE_POSITION_MIN, LARGE_POSITION_MAX);
        if (schema.is3d())
        {
            serializeRotation(stream, state, offset, base, baseOffset);
        }
        else
        {
            serializeAngle(stream, state, offset, base, baseOffset);
        }
        if (schema.hasVelocities())
        {
            if (!atRest)
            {
                serializeVrVector(stream, state, offset, base, baseOffset, schema.linearOffset(), schema.positionAxes());
                serializeVrVector(stream, state, offset, base, baseOffset, schema.angularOffset(), schema.angularAxes());
            }
            else if (stream.isReading())
            {
                java.util.Arrays.fill(state, offset + schema.linearOffset(), offset + schema.stride(), 0);
            }
        }
    }

    private void serializeSmallLargeAbsolute(
        final BitStream stream, final int[] state, final int offset, final int[] base, final int baseOffset,
        final int first, final int count, final int largeMin, final int largeMax)
    {
        final boolean small = stream.serializeBool(!stream.isReading() &&
            deltasWithin(state, offset, base, baseOffset, first, count, SMALL_MIN, SMALL_MAX));
        if (small)
        {
            deltas(stream, state, offset, base, baseOffset, first, count, SMALL_MIN, SMALL_MAX);
            return;
        }
        final boolean large = stream.serializeBool(!stream.isReading() &&
            deltasWithin(state, offset, base, baseOffset, first, count, largeMin, largeMax));
        if (large)
        {
            deltas(stream, state, offset, base, baseOffset, first, count, largeMin, largeMax);
        }
        else
        {
            absolute(stream, state, offset, first, first + count);
        }
    }

    private void serializeRotation(
        final BitStream stream, final int[] state, final int offset, final int[] base, final int baseOffset)
    {
        final int rot = schema.rotationOffset();
        final boolean delta = stream.serializeBool(!stream.isReading() &&
            state[offset + rot] == base[baseOffset + rot] &&
            deltasWithin(state, offset, base, baseOffset, rot + 1, 3, LARGE_ROTATION_MIN, LARGE_ROTATION_MAX));
        if (!delta)
        {
            absolute(stream, state, offset, rot, rot + 4);
            return;
        }
        if (stream.isReading())
        {
            state[offset + rot] = base[baseOffset + rot];
        }
        final boolean small = stream.serializeBool(!stream.isReading() &&
            deltasWithin(state, offset, base, baseOffset, rot + 1, 3, SMALL_MIN, SMALL_MAX));
        if (small)
        {
            deltas(stream, state, offset, base, baseOffset, rot + 1, 3, SMALL_MIN, SMALL_MAX);
        }
        else
        {
            deltas(stream, state, offset, base, baseOffset, rot + 1, 3, LARGE_ROTATION_MIN, LARGE_ROTATION_MAX);
        }
    }

    private void serializeAngle(
        final BitStream stream, final int[] state, final int offset, final int[] base, final int baseOffset)
    {
        final int rot = schema.rotationOffset();
        final int bits = schema.rotationBits();
        final int mask = (1 << bits) - 1;
        final int half = 1 << (bits - 1);
        final int delta = stream.isReading() ? 0 :
            (((state[offset + rot] - base[baseOffset + rot]) + half) & mask) - half;
        final boolean small = stream.serializeBool(delta >= SMALL_MIN && delta <= SMALL_MAX && !stream.isReading());
        if (small)
        {
            final int d = stream.serializeInt(delta, SMALL_MIN, SMALL_MAX);
            setAngle(stream, state, offset + rot, base[baseOffset + rot] + d, mask);
            return;
        }
        final boolean large = stream.serializeBool(!stream.isReading() &&
            delta >= LARGE_POSITION_MIN && delta <= LARGE_POSITION_MAX);
        if (large)
        {
            final int d = stream.serializeInt(delta, LARGE_POSITION_MIN, LARGE_POSITION_MAX);
            setAngle(stream, state, offset + rot, base[baseOffset + rot] + d, mask);
        }
        else
        {
            absolute(stream, state, offset, rot, rot + 1);
        }
    }

    private static void setAngle(final BitStream stream, final int[] state, final int index, final int value, final int mask)
    {
        if (stream.isReading())
        {
            state[index] = value & mask;
        }
    }

    private void serializeVrVector(
        final BitStream stream, final int[] state, final int offset, final int[] base, final int baseOffset,
        final int first, final int count)
    {
        final boolean allSmall = stream.serializeBool(!stream.isReading() &&
            deltasWithin(state, offset, base, baseOffset, first, count, SMALL_MIN, SMALL_MAX));
        if (allSmall)
        {
            for (int i = 0; i < count; i++)
            {
                final int field = first + i;
                final int d = stream.serializeZigZag(state[offset + field] - base[baseOffset + field], 5);
                applyDelta(stream, state, offset + field, base[baseOffset + field] + d, field);
            }
            return;
        }
        for (int i = 0; i < count; i++)
        {
            final int field = first + i;
            final int d = state[offset + field] - base[baseOffset + field];
            final boolean small = stream.serializeBool(!stream.isReading() && d >= SMALL_MIN && d <= SMALL_MAX);
            if (small)
            {
                final int decoded = stream.serializeZigZag(d, 5);
                applyDelta(stream, state, offset + field, base[baseOffset + field] + decoded, field);
                continue;
            }
            final boolean medium = stream.serializeBool(!stream.isReading() && d >= -512 && d <= 511);
            if (medium)
            {
                final int decoded = stream.serializeZigZag(d, 10);
                applyDelta(stream, state, offset + field, base[baseOffset + field] + decoded, field);
            }
            else
            {
                absolute(stream, state, offset, field, field + 1);
            }
        }
    }

    private static boolean deltasWithin(
        final int[] state, final int offset, final int[] base, final int baseOffset,
        final int first, final int count, final int min, final int max)
    {
        for (int f = first; f < first + count; f++)
        {
            final long d = (long)state[offset + f] - base[baseOffset + f];
            if (d < min || d > max)
            {
                return false;
            }
        }
        return true;
    }

    private void deltas(
        final BitStream stream, final int[] state, final int offset, final int[] base, final int baseOffset,
        final int first, final int count, final int min, final int max)
    {
        for (int f = first; f < first + count; f++)
        {
            final int d = stream.serializeInt(stream.isReading() ? min : state[offset + f] - base[baseOffset + f], min, max);
            applyDelta(stream, state, offset + f, base[baseOffset + f] + d, f);
        }
    }

    private void applyDelta(final BitStream stream, final int[] state, final int index, final int value, final int field)
    {
        if (stream.isReading())
        {
            final boolean inRange = value >= schema.fieldMin(field) && value <= schema.fieldMax(field);
            stream.validate(inRange);
            state[index] = inRange ? value : schema.fieldMin(field);
        }
    }

    private void absolute(final BitStream stream, final int[] state, final int offset, final int from, final int to)
    {
        for (int f = from; f < to; f++)
        {
            state[offset + f] = stream.serializeInt(state[offset + f], schema.fieldMin(f), schema.fieldMax(f));
        }
    }
}
