package dev.statesync.codec.state;

/**
 * What one object's quantized state holds and at what precision: the contract both ends of a connection
 * share. Immutable.
 *
 * <p>A quantized state is a fixed-length record of ints ({@link #stride()} of them) laid out as:
 * <pre>
 * 3D: pos x, y, z | rot largest, a, b, c | at rest | [lin x, y, z | ang x, y, z]
 * 2D: pos x, y    | angle                | at rest | [lin x, y    | ang]
 * </pre>
 * Positions and velocities are signed grid integers: metres times {@link #positionUnitsPerMetre()}, metres
 * per second times {@link #linearUnitsPerMps()}, radians per second times {@link #angularUnitsPerRadps()}.
 * A 3D rotation is smallest three: the index of the largest component and the other three as signed codes
 * in {@code [-rotationHalfRange, +rotationHalfRange]}, where code {@code rotationHalfRange} means
 * {@code +1/sqrt(2)} and 0 means exactly 0. A 2D angle is a code in {@code [0, 2^angleBits)} around the full
 * circle. The at-rest field is 0 or 1; an at-rest object's velocities are 0 and are not sent.
 *
 * <p>Defaults are Fiedler's (position x, y in [-256, 255] m and z in [0, 32) m at 512 units/m: 18 + 18 + 14
 * bits; 9-bit smallest three; velocities +-32 at 32 units per m/s or rad/s: 11 bits per axis). The
 * high-precision preset is the one to use when quantizing on both sides (4096 units/m, 15-bit smallest
 * three, 4096 units per m/s).
 */
public final class StateSchema
{
    /** Field offsets common to both dimensions. */
    public static final int POS_X = 0;
    /** Offset of position y. */
    public static final int POS_Y = 1;

    private final boolean threeD;
    private final boolean hasVelocities;
    private final int positionUnitsPerMetre;
    private final int linearUnitsPerMps;
    private final int angularUnitsPerRadps;
    private final int rotationBits;
    private final int stride;

    private final int posAxes;
    private final int rotOffset;
    private final int rotFields;
    private final int atRestOffset;
    private final int linOffset;
    private final int angOffset;
    private final int angAxes;

    private final int[] fieldMin;
    private final int[] fieldMax;

    private StateSchema(final Builder builder)
    {
        threeD = builder.threeD;
        hasVelocities = builder.hasVelocities;
        positionUnitsPerMetre = builder.positionUnitsPerMetre;
        linearUnitsPerMps = builder.linearUnitsPerMps;
        angularUnitsPerRadps = builder.angularUnitsPerRadps;
        rotationBits = builder.rotationBits;

        posAxes = threeD ? 3 : 2;
        rotOffset = posAxes;
        rotFields = threeD ? 4 : 1;
        atRestOffset = rotOffset + rotFields;
        linOffset = hasVelocities ? atRestOffset + 1 : -1;
        angAxes = threeD ? 3 : 1;
        angOffset = hasVelocities ? linOffset + posAxes : -1;
        stride = hasVelocities ? angOffset + angAxes : atRestOffset + 1;

        fieldMin = new int[stride];
        fieldMax = new int[stride];
        for (int axis = 0; axis < posAxes; axis++)
        {
            fieldMin[axis] = gridMin(builder.positionMinM[axis], positionUnitsPerMetre);
            fieldMax[axis] = gridMax(builder.positionMaxM[axis], positionUnitsPerMetre);
        }
        if (threeD)
        {
            fieldMin[rotOffset] = 0;
            fieldMax[rotOffset] = 3;
            for (int i = 1; i < 4; i++)
            {
                fieldMin[rotOffset + i] = -rotationHalfRange();
                fieldMax[rotOffset + i] = rotationHalfRange();
            }
        }
        else
        {
            fieldMin[rotOffset] = 0;
            fieldMax[rotOffset] = (1 << rotationBits) - 1;
        }
        fieldMin[atRestOffset] = 0;
        fieldMax[atRestOffset] = 1;
        if (hasVelocities)
        {
            // Speed limits are exclusive, so +-32 m/s at 32 units is [-1023, 1023]: 11 bits, as in Fiedler's demo.
            final int linMax = checkedGrid(Math.ceil(builder.maxLinearMps * linearUnitsPerMps - 1e-9) - 1);
            final int angMax = checkedGrid(Math.ceil(builder.maxAngularRadps * angularUnitsPerRadps - 1e-9) - 1);
            for (int axis = 0; axis < posAxes; axis++)
            {
                fieldMin[linOffset + axis] = -linMax;
                fieldMax[linOffset + axis] = linMax;
            }
            for (int axis = 0; axis < angAxes; axis++)
            {
                fieldMin[angOffset + axis] = -angMax;
                fieldMax[angOffset + axis] = angMax;
            }
        }
    }

    private static int gridMin(final double minValue, final int unitsPerValue)
    {
        return checkedGrid(Math.ceil(minValue * unitsPerValue - 1e-9));
    }

    private static int gridMax(final double maxValue, final int unitsPerValue)
    {
        return checkedGrid(Math.floor(maxValue * unitsPerValue + 1e-9));
    }

    private static int checkedGrid(final double value)
    {
        if (value < -(1 << 29) || value > (1 << 29))
        {
            throw new IllegalArgumentException("grid bound " + value + " exceeds +-2^29 units");
        }
        return (int)value;
    }

    /** Fiedler's precision with velocities: 3D, 512 units/m, 9-bit smallest three, 32 units per m/s. */
    public static StateSchema fiedler3d()
    {
        return builder3d().build();
    }

    /** Fiedler's GDC 2015 snapshot state: position, rotation and at rest, no velocities. */
    public static StateSchema snapshot3d()
    {
        return builder3d().velocities(false).build();
    }

    /** For quantizing on both sides: 4096 units/m, 15-bit smallest three, 4096 units per m/s and rad/s. */
    public static StateSchema highPrecision3d()
    {
        return builder3d().positionUnitsPerMetre(4096).rotationBits(15).linearUnitsPerMps(4096)
            .angularUnitsPerRadps(4096).build();
    }

    /** 2D defaults: x, y in [-256, 255] m at 512 units/m, 12-bit angle, velocities +-32 at 32 units. */
    public static StateSchema default2d()
    {
        return builder2d().build();
    }

    /** 2D for quantizing on both sides: 4096 units/m, 16-bit angle, 4096 units per m/s and rad/s. */
    public static StateSchema highPrecision2d()
    {
        return builder2d().positionUnitsPerMetre(4096).rotationBits(16).linearUnitsPerMps(4096)
            .angularUnitsPerRadps(4096).build();
    }

    /** A builder preset to Fiedler's 3D defaults. */
    public static Builder builder3d()
    {
        return new Builder(true);
    }

    /** A builder preset to the 2D defaults. */
    public static Builder builder2d()
    {
        return new Builder(false);
    }

    /** @return true for 3D objects (quaternion rotation), false for 2D (one angle). */
    public boolean is3d()
    {
        return threeD;
    }

    /** @return true when linear and angular velocities are part of the state. */
    public boolean hasVelocities()
    {
        return hasVelocities;
    }

    /** @return ints per object record. */
    public int stride()
    {
        return stride;
    }

    /** @return 3 in 3D, 2 in 2D: axes of position and of linear velocity. */
    public int positionAxes()
    {
        return posAxes;
    }

    /** @return offset of the rotation fields (smallest-three largest index, or the 2D angle). */
    public int rotationOffset()
    {
        return rotOffset;
    }

    /** @return 4 in 3D (largest index + three codes), 1 in 2D. */
    public int rotationFields()
    {
        return rotFields;
    }

    /** @return offset of the at-rest field. */
    public int atRestOffset()
    {
        return atRestOffset;
    }

    /** @return offset of linear velocity, or -1 without velocities. */
    public int linearOffset()
    {
        return linOffset;
    }

    /** @return offset of angular velocity, or -1 without velocities. */
    public int angularOffset()
    {
        return angOffset;
    }

    /** @return 3 in 3D, 1 in 2D. */
    public int angularAxes()
    {
        return angAxes;
    }

    /** @return smallest-three bits per component (3D) or angle bits (2D). */
    public int rotationBits()
    {
        return rotationBits;
    }

    /** @return the largest smallest-three code magnitude, {@code 2^(bits-1) - 1}; it stands for 1/sqrt(2). */
    public int rotationHalfRange()
    {
        return (1 << (rotationBits - 1)) - 1;
    }

    /** @return grid units per metre of position. */
    public int positionUnitsPerMetre()
    {
        return positionUnitsPerMetre;
    }

    /** @return grid units per metre per second of linear velocity. */
    public int linearUnitsPerMps()
    {
        return linearUnitsPerMps;
    }

    /** @return grid units per radian per second of angular velocity. */
    public int angularUnitsPerRadps()
    {
        return angularUnitsPerRadps;
    }

    /** @return smallest valid value of a field. */
    public int fieldMin(final int field)
    {
        return fieldMin[field];
    }

    /** @return largest valid value of a field. */
    public int fieldMax(final int field)
    {
        return fieldMax[field];
    }

    /** @return true if every field of the record is inside its range and the record is canonical. */
    public boolean isValid(final int[] record, final int offset)
    {
        for (int f = 0; f < stride; f++)
        {
            final int v = record[offset + f];
            if (v < fieldMin[f] || v > fieldMax[f])
            {
                return false;
            }
        }
        if (hasVelocities && record[offset + atRestOffset] != 0)
        {
            for (int f = linOffset; f < stride; f++)
            {
                if (record[offset + f] != 0)
                {
                    return false;
                }
            }
        }
        return true;
    }

    /** Bits of one object written absolutely (no baseline), excluding any packet framing. */
    public int absoluteBits(final boolean atRest)
    {
        int bits = 0;
        final int end = hasVelocities && !atRest ? stride : atRestOffset + 1;
        for (int f = 0; f < end; f++)
        {
            bits += dev.statesync.codec.bits.Bits.bitsRequired(fieldMin[f], fieldMax[f]);
        }
        return bits;
    }

    /**
     * Add everything a decoder depends on to a connection's fingerprint: dimensions, velocities, units and the
     * grid range of every field (which sets how many bits each field takes).
     *
     * @param fingerprint the digest being built.
     */
    public void addTo(final WireFingerprint fingerprint)
    {
        fingerprint.add(threeD).add(hasVelocities).add(positionUnitsPerMetre).add(linearUnitsPerMps)
            .add(angularUnitsPerRadps).add(rotationBits).add(fieldMin).add(fieldMax);
    }

    @Override
    public String toString()
    {
        return (threeD ? "3D" : "2D") + (hasVelocities ? " state" : " snapshot") + " schema: " +
            positionUnitsPerMetre + " units/m, rotation " + rotationBits + " bits" +
            (hasVelocities ? ", " + linearUnitsPerMps + " units per m/s, " + angularUnitsPerRadps + " per rad/s" : "");
    }

    /** Builder with Fiedler's defaults; every unit is in its setter's name. */
    public static final class Builder
    {
        private final boolean threeD;
        private boolean hasVelocities = true;
        private int positionUnitsPerMetre = 512;
        private int linearUnitsPerMps = 32;
        private int angularUnitsPerRadps = 32;
        private int rotationBits;
        private final double[] positionMinM;
        private final double[] positionMaxM;
        private double maxLinearMps = 32;
        private double maxAngularRadps = 32;

        private Builder(final boolean threeD)
        {
            this.threeD = threeD;
            if (threeD)
            {
                rotationBits = 9;
                // z max is exclusive in Fiedler's demo: [0, 32) at 512 units/m = 16384 values = 14 bits.
                positionMinM = new double[]{-256, -256, 0};
                positionMaxM = new double[]{255, 255, 32 - 1.0 / 512};
            }
            else
            {
                rotationBits = 12;
                positionMinM = new double[]{-256, -256};
                positionMaxM = new double[]{255, 255};
            }
        }

        /** Include linear and angular velocities (default true). */
        public Builder velocities(final boolean hasVelocities)
        {
            this.hasVelocities = hasVelocities;
            return this;
        }

        /** Position grid units per metre (default 512). Bounds are kept in metres. */
        public Builder positionUnitsPerMetre(final int units)
        {
            this.positionUnitsPerMetre = positive(units, "positionUnitsPerMetre");
            if (threeD && positionMaxM[2] == 32 - 1.0 / 512)
            {
                positionMaxM[2] = 32 - 1.0 / units;
            }
            return this;
        }

        /** Linear velocity grid units per m/s (default 32). */
        public Builder linearUnitsPerMps(final int units)
        {
            this.linearUnitsPerMps = positive(units, "linearUnitsPerMps");
            return this;
        }

        /** Angular velocity grid units per rad/s (default 32). */
        public Builder angularUnitsPerRadps(final int units)
        {
            this.angularUnitsPerRadps = positive(units, "angularUnitsPerRadps");
            return this;
        }

        /** Smallest-three bits per component, 3D: 4..24 (default 9); 2D angle bits 4..24 (default 12). */
        public Builder rotationBits(final int bits)
        {
            if (bits < 4 || bits > 24)
            {
                throw new IllegalArgumentException("rotationBits must be 4..24, got " + bits);
            }
            this.rotationBits = bits;
            return this;
        }

        /** Position bounds of one axis in metres (both inclusive, snapped inwards to the grid). */
        public Builder positionBoundsM(final int axis, final double minM, final double maxM)
        {
            if (axis < 0 || axis >= positionMinM.length)
            {
                throw new IllegalArgumentException("axis " + axis + " outside 0.." + (positionMinM.length - 1));
            }
            if (!(minM < maxM))
            {
                throw new IllegalArgumentException("need minM < maxM, got " + minM + ", " + maxM);
            }
            positionMinM[axis] = minM;
            positionMaxM[axis] = maxM;
            return this;
        }

        /** Linear speed limit per axis in m/s, exclusive (default 32); faster values clamp. */
        public Builder maxLinearMps(final double maxMps)
        {
            this.maxLinearMps = positive(maxMps, "maxLinearMps");
            return this;
        }

        /** Angular speed limit per axis in rad/s, exclusive (default 32); faster values clamp. */
        public Builder maxAngularRadps(final double maxRadps)
        {
            this.maxAngularRadps = positive(maxRadps, "maxAngularRadps");
            return this;
        }

        /** @return the schema. */
        public StateSchema build()
        {
            return new StateSchema(this);
        }

        private static int positive(final int value, final String name)
        {
            if (value <= 0)
            {
                throw new IllegalArgumentException(name + " must be > 0, got " + value);
            }
            return value;
        }

        private static double positive(final double value, final String name)
        {
            if (!(value > 0) || Double.isInfinite(value))
            {
                throw new IllegalArgumentException(name + " must be finite and > 0, got " + value);
            }
            return value;
        }
    }
}
