package dev.statesync.bench.runner;

import dev.statesync.codec.state.StateSchema;

/**
 * Which of the two ways of sending state a run uses.
 *
 * <p>{@link #SNAPSHOT}: position, rotation and the at-rest bit at Fiedler's precision; the receiver
 * interpolates, so velocities are not needed. {@link #STATE}: the full state with velocities at high
 * precision, quantized on both sides (the authority writes the dequantized state back into its own scene
 * every tick), so a replica can extrapolate from exactly the numbers the authority simulates from.
 */
public enum SchemaKind
{
    /** Position + rotation + at rest; the replica interpolates. */
    SNAPSHOT("snapshot"),
    /** Full state with velocities, high precision, quantized on both sides. */
    STATE("state");

    private final String optionName;

    SchemaKind(final String optionName)
    {
        this.optionName = optionName;
    }

    /** @return the name used on the command line and in reports. */
    public String optionName()
    {
        return optionName;
    }

    /** @return the kind a scene uses unless told otherwise: snapshot for cubes, state for pile and player. */
    public static SchemaKind defaultFor(final String sceneName)
    {
        return "cubes".equals(sceneName) ? SNAPSHOT : STATE;
    }

    /** @return the kind named {@code name}, or null. */
    public static SchemaKind parse(final String name)
    {
        for (final SchemaKind kind : values())
        {
            if (kind.optionName.equals(name))
            {
                return kind;
            }
        }
        return null;
    }

    /** @return the schema preset for a 3D or 2D scene. */
    public StateSchema schema(final boolean is3d)
    {
        if (this == SNAPSHOT)
        {
            return is3d ? StateSchema.snapshot3d() : StateSchema.builder2d().velocities(false).build();
        }
        return is3d ? StateSchema.highPrecision3d() : StateSchema.highPrecision2d();
    }

    /**
     * @param is3d                  a 3D scene.
     * @param positionUnitsPerMetre position grid of a coarser snapshot schema, or 0 for the preset's.
     * @param rotationBits          smallest-three bits of a coarser snapshot schema, or 0 for the preset's.
     * @return the preset ({@link #schema(boolean)}), or for {@link #SNAPSHOT} in 3D with either figure given the
     *         snapshot schema at that precision (the rate-distortion controller's coarser quantization). The state
     *         schema, quantized on both sides at high precision, is never made coarser.
     */
    public StateSchema schema(final boolean is3d, final int positionUnitsPerMetre, final int rotationBits)
    {
        if (this != SNAPSHOT || !is3d || positionUnitsPerMetre == 0 && rotationBits == 0)
        {
            return schema(is3d);
        }
        final StateSchema.Builder builder = StateSchema.builder3d().velocities(false);
        if (positionUnitsPerMetre != 0)
        {
            builder.positionUnitsPerMetre(positionUnitsPerMetre);
        }
        if (rotationBits != 0)
        {
            builder.rotationBits(rotationBits);
        }
        return builder.build();
    }

    /** @return true when the authority applies its quantized state to its own scene every tick. */
    public boolean quantizeBothSides()
    {
        return this == STATE;
    }
}
