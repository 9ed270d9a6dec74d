package dev.statesync.bench.runner;

import dev.statesync.codec.bits.Bits;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * The stages whose size follows from each object's state alone (uncompressed, at-rest, quantized,
 * smallest-three), and which objects changed or rest, for one snapshot.
 *
 * <p>Per object: uncompressed is every field a 32-bit float plus the at-rest bit (3D: 96 position + 128
 * quaternion [+ 192 velocities] + 1; 2D: 64 + 32 angle [+ 96] + 1); at-rest skips the velocity floats of
 * a resting object; quantized is the schema's absolute bits with the quaternion as four components at the
 * smallest-three component width instead of index + three; smallest-three is
 * {@link StateSchema#absoluteBits(boolean)}.
 */
public final class FixedStageBits
{
    private final StateSchema schema;
    private final int objects;
    private final boolean[] changed;
    private final int floatBitsAtRest;
    private final int floatVelocityBits;
    private final int quaternionExtraBits;
    private int changedCount;
    private int atRestCount;
    private long uncompressedBits;
    private long atRestBits;
    private long quantizedBits;
    private long smallestThreeBits;

    /** @param schema the run's schema. @param objects objects per snapshot. */
    public FixedStageBits(final StateSchema schema, final int objects)
    {
        this.schema = schema;
        this.objects = objects;
        this.changed = new boolean[objects];
        final boolean is3d = schema.is3d();
        floatBitsAtRest = (is3d ? 3 * 32 + 4 * 32 : 2 * 32 + 32) + 1;
        floatVelocityBits = schema.hasVelocities() ? (is3d ? 6 * 32 : 3 * 32) : 0;
        final int rotation = schema.rotationOffset();
        // Four quantized components instead of a 2-bit index and three components.
        quaternionExtraBits = is3d ? Bits.bitsRequired(schema.fieldMin(rotation + 1), schema.fieldMax(rotation + 1)) - 2 : 0;
    }

    /**
     * Account one snapshot.
     *
     * @param current  this tick's states.
     * @param previous last tick's states, or null on the first tick (every object counts as changed).
     */
    public void account(final QuantizedStates current, final QuantizedStates previous)
    {
        changedCount = 0;
        atRestCount = 0;
        uncompressedBits = 0;
        atRestBits = 0;
        quantizedBits = 0;
        smallestThreeBits = 0;
        for (int i = 0; i < objects; i++)
        {
            changed[i] = previous == null || !current.sameObject(i, previous);
            if (changed[i])
            {
                changedCount++;
            }
            final boolean rest = current.isAtRest(i);
            if (rest)
            {
                atRestCount++;
            }
            uncompressedBits += floatBitsAtRest + floatVelocityBits;
            atRestBits += floatBitsAtRest + (rest ? 0 : floatVelocityBits);
            final int absolute = schema.absoluteBits(rest);
            smallestThreeBits += absolute;
            quantizedBits += absolute + quaternionExtraBits;
        }
    }

    /** @return true if object {@code i}'s quantized state changed since the previous tick. */
    public boolean changed(final int i)
    {
        return changed[i];
    }

    /** @return objects whose quantized state changed. */
    public int changedCount()
    {
        return changedCount;
    }

    /** @return objects at rest. */
    public int atRestCount()
    {
        return atRestCount;
    }

    /** @return bits of the given fixed stage for this snapshot. */
    public long bits(final Stage stage)
    {
        return switch (stage)
        {
            case UNCOMPRESSED -> uncompressedBits;
            case AT_REST -> atRestBits;
            case QUANTIZED -> quantizedBits;
            case SMALLEST_THREE -> smallestThreeBits;
            default -> throw new IllegalArgumentException(stage + " is not a fixed stage");
        };
    }
}
