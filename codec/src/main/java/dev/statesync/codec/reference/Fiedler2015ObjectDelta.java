package dev.statesync.codec.reference;

import dev.statesync.codec.state.StateSchema;

import java.util.Arrays;

import dev.statesync.codec.bits.BitStream;

/**
 * One changed object of {@link Fiedler2015Codec}, coded against its own record in the baseline snapshot by the
 * rules of the last mode ("relative orientation") of Fiedler's GDC 2015 delta demo. All bounds are in quantized
 * units, so they mean the same at any precision.
 * <pre>
 * at rest            1 bit (his "interacting" flag: the one boolean of his cube state)
 * position changed   1 bit
 * rotation changed   1 bit
 * position, if changed:
 *   relative         1 bit: every axis delta in [-271, 270]
 *   if relative:     one "small" bit per axis, then per axis: small [-16, 15] in 5 bits, else the delta moved
 *                    15 towards zero in [-256, 255], 9 bits
 *   else:            absolute, the schema's bounds (18 + 18 + 14 bits at his precision)
 * rotation, if changed (3D, smallest three):
 *   relative         1 bit: same largest index and every component delta in [-143, 141]
 *   if relative:     one "small" bit per component, then per component: small [-16, 15] in 5 bits, else the
 *                    delta moved 15 towards zero in [-128, 127], 8 bits
 *   else:            absolute smallest three (2 + 3 x 9 bits at his precision)
 * </pre>
 * The asymmetric windows are his: a non-small delta is sent minus 15 (plus 15 when negative) in the large range,
 * so the window reaches 15 past it, and his rotation test is {@code delta < 142}, not {@code <=}.
 *
 * <p>Not in his scheme, ours so that every schema has a reference row: a 2D angle follows the position rule for one
 * component, on the delta taken modulo the full circle; velocities (schemas that have them, only when not at rest;
 * his 2015 demo sends none) use the VR sample's vector delta: 1 bit "all three small" then 3 x 5-bit zig-zag; else
 * per component small (1 + 5), medium (2 + 10) or the full bounded value (2 + bits).
 */
final class Fiedler2015ObjectDelta
{
    /** A small delta is in [-16, 15]: 5 bits. */
    static final int SMALL_BOUND = 16;
    /** A non-small position delta, moved 15 towards zero, is in [-256, 255]: 9 bits. */
    static final int POSITION_LARGE_BOUND = 256;
    /** A non-small rotation delta, moved 15 towards zero, is in [-128, 127]: 8 bits. */
    static final int ROTATION_LARGE_BOUND = 128;
    /** Smallest position delta coded relative: -256 - 15. */
    static final int POSITION_RELATIVE_MIN = -POSITION_LARGE_BOUND - (SMALL_BOUND - 1);
    /** Largest position delta coded relative: 255 + 15. */
    static final int POSITION_RELATIVE_MAX = POSITION_LARGE_BOUND - 1 + (SMALL_BOUND - 1);
    /** Smallest rotation component delta coded relative: -128 - 15. */
    static final int ROTATION_RELATIVE_MIN = -ROTATION_LARGE_BOUND - (SMALL_BOUND - 1);
    /** Largest rotation component delta coded relative: his test is {@code < 127 + 15}, so 141. */
    static final int ROTATION_RELATIVE_MAX = ROTATION_LARGE_BOUND - 1 + (SMALL_BOUND - 1) - 1;

    private static final int VR_SMALL_MIN = -16;
    private static final int VR_SMALL_MAX = 15;
    private static final int VR_MEDIUM_MIN = -512;
    private static final int VR_MEDIUM_MAX = 511;

    private final StateSchema schema;

    Fiedler2015ObjectDelta(final StateSchema schema)
    {
        this.schema = schema;
    }

    /**
     * Serialize one changed object. When reading, {@code state[offset ...]} must already hold the baseline's
     * record: fields the packet says did not change are left as they are.
     */
    void serialize(final BitStream stream, final int[] state, final int offset, final int[] base, final int baseOffset)
    {
        final boolean reading = stream.isReading();
        final boolean atRest = serializeAtRest(stream, state, offset);
        final int axes = schema.positionAxes();
        final int rot = schema.rotationOffset();
        final int rotFields = schema.rotationFields();
        final boolean positionChanged = stream.serializeBool(!reading && !sameFields(state, offset, base, baseOffset, 0, axes));
        final boolean rotationChanged = stream.serializeBool(!reading &&
            !sameFields(state, offset, base, baseOffset, rot, rotFields));
        if (positionChanged)
        {
            final boolean relative = stream.serializeBool(!reading && deltasWithin(state, offset, base, baseOffset, 0, axes,
                POSITION_RELATIVE_MIN, POSITION_RELATIVE_MAX));
            if (relative)
            {
                relativeComponents(stream, state, offset, base, baseOffset, 0, axes, POSITION_LARGE_BOUND);
            }
            else
            {
                absolute(stream, state, offset, 0, axes);
            }
        }
        if (rotationChanged)
        {
            if (schema.is3d())
            {
                serializeRotation(stream, state, offset, base, baseOffset);
            }
            else
            {
                serializeAngle(stream, state, offset, base, baseOffset);
            }
        }
        if (schema.hasVelocities())
        {
            if (!atRest)
            {
                serializeVrVector(stream, state, offset, base, baseOffset, schema.linearOffset(), axes);
                serializeVrVector(stream, state, offset, base, baseOffset, schema.angularOffset(), schema.angularAxes());
            }
            else if (reading)
            {
                Arrays.fill(state, offset + schema.linearOffset(), offset + schema.stride(), 0);
            }
        }
    }

    /** Serialize one object without a baseline: every field at its bounded width (velocities skipped at rest). */
    void serializeAbsolute(final BitStream stream, final int[] state, final int offset)
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
                Arrays.fill(state, offset + schema.linearOffset(), offset + schema.stride(), 0);
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

    private void serializeRotation(
        final BitStream stream, final int[] state, final int offset, final int[] base, final int baseOffset)
    {
        final int rot = schema.rotationOffset();
        final boolean relative = stream.serializeBool(!stream.isReading() &&
            state[offset + rot] == base[baseOffset + rot] &&
            deltasWithin(state, offset, base, baseOffset, rot + 1, 3, ROTATION_RELATIVE_MIN, ROTATION_RELATIVE_MAX));
        if (!relative)
        {
            absolute(stream, state, offset, rot, rot + 4);
            return;
        }
        if (stream.isReading())
        {
            state[offset + rot] = base[baseOffset + rot];
        }
        relativeComponents(stream, state, offset, base, baseOffset, rot + 1, 3, ROTATION_LARGE_BOUND);
    }

    /** One "small" bit per component, then each component small or large. */
    private void relativeComponents(
        final BitStream stream, final int[] state, final int offset, final int[] base, final int baseOffset,
        final int first, final int count, final int largeBound)
    {
        int smallMask = 0;
        for (int i = 0; i < count; i++)
        {
            final long d = (long)state[offset + first + i] - base[baseOffset + first + i];
            if (stream.serializeBool(!stream.isReading() && d >= -SMALL_BOUND && d < SMALL_BOUND))
            {
                smallMask |= 1 << i;
            }
        }
        for (int i = 0; i < count; i++)
        {
            final int field = first + i;
            final int delta = stream.isReading() ? 0 : state[offset + field] - base[baseOffset + field];
            final int decoded = (smallMask & (1 << i)) != 0 ?
                stream.serializeInt(stream.isReading() ? -SMALL_BOUND : delta, -SMALL_BOUND, SMALL_BOUND - 1) :
                serializeLargeOffset(stream, delta, largeBound);
            applyDelta(stream, state, offset + field, (long)base[baseOffset + field] + decoded, field);
        }
    }

    /**
     * A delta known not to be small, moved {@code SMALL_BOUND - 1} towards zero so the large range starts where the
     * small one ends: {@code [-largeBound, largeBound - 1]} then covers deltas out to 15 beyond it.
     */
    private static int serializeLargeOffset(final BitStream stream, final int delta, final int largeBound)
    {
        final int shifted = stream.isReading() ? -largeBound : delta > 0 ? delta - (SMALL_BOUND - 1) : delta + (SMALL_BOUND - 1);
        final int value = stream.serializeInt(shifted, -largeBound, largeBound - 1);
        return value >= 0 ? value + (SMALL_BOUND - 1) : value - (SMALL_BOUND - 1);
    }

    /** Ours: the position rule on the one angle component, the delta taken modulo the full circle. */
    private void serializeAngle(
        final BitStream stream, final int[] state, final int offset, final int[] base, final int baseOffset)
    {
        final int rot = schema.rotationOffset();
        final int mask = (1 << schema.rotationBits()) - 1;
        final int half = 1 << (schema.rotationBits() - 1);
        final int delta = stream.isReading() ? 0 : (((state[offset + rot] - base[baseOffset + rot]) + half) & mask) - half;
        final boolean relative = stream.serializeBool(!stream.isReading() &&
            delta >= POSITION_RELATIVE_MIN && delta <= POSITION_RELATIVE_MAX);
        if (!relative)
        {
            absolute(stream, state, offset, rot, rot + 1);
            return;
        }
        final boolean small = stream.serializeBool(!stream.isReading() && delta >= -SMALL_BOUND && delta < SMALL_BOUND);
        final int decoded = small ?
            stream.serializeInt(stream.isReading() ? -SMALL_BOUND : delta, -SMALL_BOUND, SMALL_BOUND - 1) :
            serializeLargeOffset(stream, delta, POSITION_LARGE_BOUND);
        if (stream.isReading())
        {
            state[offset + rot] = (base[baseOffset + rot] + decoded) & mask;
        }
    }

    /** Ours (the VR sample's velocity delta); his 2015 demo sends no velocities. */
    private void serializeVrVector(
        final BitStream stream, final int[] state, final int offset, final int[] base, final int baseOffset,
        final int first, final int count)
    {
        final boolean allSmall = stream.serializeBool(!stream.isReading() &&
            deltasWithin(state, offset, base, baseOffset, first, count, VR_SMALL_MIN, VR_SMALL_MAX));
        if (allSmall)
        {
            for (int i = 0; i < count; i++)
            {
                final int field = first + i;
                final int d = stream.serializeZigZag(state[offset + field] - base[baseOffset + field], 5);
                applyDelta(stream, state, offset + field, (long)base[baseOffset + field] + d, field);
            }
            return;
        }
        for (int i = 0; i < count; i++)
        {
            final int field = first + i;
            final int d = state[offset + field] - base[baseOffset + field];
            final boolean small = stream.serializeBool(!stream.isReading() && d >= VR_SMALL_MIN && d <= VR_SMALL_MAX);
            if (small)
            {
                final int decoded = stream.serializeZigZag(d, 5);
                applyDelta(stream, state, offset + field, (long)base[baseOffset + field] + decoded, field);
                continue;
            }
            final boolean medium = stream.serializeBool(!stream.isReading() && d >= VR_MEDIUM_MIN && d <= VR_MEDIUM_MAX);
            if (medium)
            {
                final int decoded = stream.serializeZigZag(d, 10);
                applyDelta(stream, state, offset + field, (long)base[baseOffset + field] + decoded, field);
            }
            else
            {
                absolute(stream, state, offset, field, field + 1);
            }
        }
    }

    private static boolean sameFields(
        final int[] state, final int offset, final int[] base, final int baseOffset, final int first, final int count)
    {
        return Arrays.equals(state, offset + first, offset + first + count, base, baseOffset + first, baseOffset + first + count);
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

    /** A decoded delta must land inside the field's range; bad bytes fail the reader, never the array. */
    private void applyDelta(final BitStream stream, final int[] state, final int index, final long value, final int field)
    {
        if (stream.isReading())
        {
            final boolean inRange = value >= schema.fieldMin(field) && value <= schema.fieldMax(field);
            stream.validate(inRange);
            state[index] = inRange ? (int)value : schema.fieldMin(field);
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
