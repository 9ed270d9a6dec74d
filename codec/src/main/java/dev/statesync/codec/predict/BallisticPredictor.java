package dev.statesync.codec.predict;

import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.codec.state.WireFingerprint;

/**
 * For schemas with velocities: predicts an object's state {@code age} ticks after its newest acked
 * baseline by replaying the engine's free-flight step ({@link IntegratorModel}: gravity, damping, dt,
 * semi-implicit Euler) in 32.32 fixed-point integer arithmetic, so both ends compute identical records on
 * any JVM or platform.
 *
 * <p>With quantize-both-sides (the authority snaps its bodies to the quantized state every tick) the
 * authority's state after each step is the engine step of a grid state, rounded to the grid; the predictor
 * rounds every step the same way ({@code perTickQuantization = true}), so for a body in free flight its
 * prediction is exact unless the engine's float result and the exact rational result fall on different
 * sides of a rounding boundary. Without quantize-both-sides it carries the fraction between steps and
 * rounds once.
 *
 * <p>Everything is predicted: position, linear and angular velocity, the 2D angle, and the 3D rotation, which
 * is integrated from the angular velocity through the smallest-three codes by {@link QuaternionStepModel}
 * (ode4j's quaternion step, in 2.60 fixed point). Against the real engines in free flight with
 * quantize-both-sides, the whole record matched in 100% of cases for 1-, 6- and 12-tick baselines
 * ({@code FreeFlightPredictionTest}). An object at rest in its baseline is predicted to stay at rest
 * (engines do not integrate sleeping bodies). Values are clamped into the schema's ranges.
 */
public final class BallisticPredictor implements Predictor
{
    private static final long HALF_Q32 = 1L << 31;

    private final StateSchema schema;
    private final IntegratorModel model;
    private final boolean perTickQuantization;
    private final long[] gravityStepQ32 = new long[3];
    private final long positionPerVelocityNumerator;
    private final long positionPerVelocityDenominator;
    private final long angleCodesPerAngularQ32;
    private final long linearThresholdSquaredUnits;
    private final long angularThresholdSquaredUnits;
    private final long[] position = new long[3];
    private final long[] velocityQ32 = new long[3];
    private final long[] angularQ32 = new long[3];
    private long angleQ32;
    private final QuaternionStepModel rotationModel;
    private final int[] rotationScratch;
    private boolean spinning;

    /**
     * @param schema              a schema with velocities.
     * @param model               the engine's integrator.
     * @param perTickQuantization true when the authority quantizes on both sides every tick.
     */
    public BallisticPredictor(final StateSchema schema, final IntegratorModel model, final boolean perTickQuantization)
    {
        this(schema, model, perTickQuantization, true);
    }

    /**
     * @param schema              a schema with velocities.
     * @param model               the engine's integrator.
     * @param perTickQuantization true when the authority quantizes on both sides every tick.
     * @param predictRotation3d   integrate 3D rotations from angular velocity (true) or hold them (false).
     */
    public BallisticPredictor(
        final StateSchema schema,
        final IntegratorModel model,
        final boolean perTickQuantization,
        final boolean predictRotation3d)
    {
        if (!schema.hasVelocities())
        {
            throw new IllegalArgumentException("ballistic prediction needs velocities; use LinearExtrapolationPredictor");
        }
        this.schema = schema;
        this.model = model;
        this.perTickQuantization = perTickQuantization;
        final int hz = model.tickRateHz;
        for (int axis = 0; axis < 3; axis++)
        {
            gravityStepQ32[axis] = IntegratorModel.toQ32(model.gravityMps2[axis] * schema.linearUnitsPerMps() / hz);
        }
        // Position units per step per velocity unit: P / (V * hz), kept as an exact fraction.
        positionPerVelocityNumerator = schema.positionUnitsPerMetre();
        positionPerVelocityDenominator = (long)schema.linearUnitsPerMps() * hz;
        final long maxVelocityQ32 = ((long)schema.fieldMax(schema.linearOffset()) + 2L * schema.linearUnitsPerMps()) << 32;
        if (maxVelocityQ32 > Long.MAX_VALUE / positionPerVelocityNumerator / 2)
        {
            throw new IllegalArgumentException("schema too fine for 64-bit fixed point: " + schema);
        }
        // 2D angle codes per step per angular velocity unit: 2^bits / (2 pi W hz), as a 32.32 constant.
        angleCodesPerAngularQ32 = schema.is3d() ? 0 : IntegratorModel.toQ32(
            (1 << schema.rotationBits()) / (2 * Math.PI * schema.angularUnitsPerRadps() * hz));
        rotationModel = schema.is3d() && predictRotation3d ?
            new QuaternionStepModel(schema.rotationBits(), schema.angularUnitsPerRadps(), hz) : null;
        rotationScratch = new int[schema.stride()];
        final double linearThresholdUnits = model.linearThresholdMps * schema.linearUnitsPerMps();
        final double angularThresholdUnits = model.angularThresholdRadps * schema.angularUnitsPerRadps();
        linearThresholdSquaredUnits = (long)Math.floor(linearThresholdUnits * linearThresholdUnits);
        angularThresholdSquaredUnits = (long)Math.floor(angularThresholdUnits * angularThresholdUnits);
    }

    /** @return true if 3D rotations are integrated from angular velocity (see {@link QuaternionStepModel}). */
    public boolean predictsRotation3d()
    {
        return rotationModel != null;
    }

    /** Adds the schema it was built for, the engine's step, per-tick quantization and 3D rotation integration. */
    @Override
    public void addTo(final WireFingerprint fingerprint)
    {
        Predictor.super.addTo(fingerprint);
        fingerprint.add(schema);
        model.addTo(fingerprint);
        fingerprint.add(perTickQuantization).add(rotationModel != null);
    }

    @Override
    public int baselineCount()
    {
        return 1;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Uses the schema this predictor was built for (its constants are precomputed from it); the input's
     * records must have that layout. Only the newest baseline is read.
     */
    @Override
    public void predict(final PredictionInput in, final StateRecord out)
    {
        final StateRecord newest = in.newest();
        out.copyFrom(newest);
        if (newest.atRest())
        {
            return;
        }
        final int axes = schema.positionAxes();
        final int angularAxes = schema.angularAxes();
        for (int axis = 0; axis < axes; axis++)
        {
            position[axis] = (long)newest.position(axis) << 32;
            velocityQ32[axis] = (long)newest.linear(axis) << 32;
        }
        for (int axis = 0; axis < angularAxes; axis++)
        {
            angularQ32[axis] = (long)newest.angular(axis) << 32;
        }
        final int rot = schema.rotationOffset();
        angleQ32 = (long)newest.angle() << 32;
        spinning = false;
        if (rotationModel != null)
        {
            for (int axis = 0; axis < 3; axis++)
            {
                spinning |= newest.angular(axis) != 0;
            }
            if (spinning)
            {
                rotationModel.load(newest.array(), newest.index(rot));
            }
        }

        for (int step = 0; step < in.newestAgeTicks(); step++)
        {
            step(axes, angularAxes);
        }

        final int lin = schema.linearOffset();
        final int ang = schema.angularOffset();
        for (int axis = 0; axis < axes; axis++)
        {
            out.clampedField(axis, snapQ32(position[axis]));
            out.clampedField(lin + axis, snapQ32(velocityQ32[axis]));
        }
        for (int axis = 0; axis < angularAxes; axis++)
        {
            out.clampedField(ang + axis, snapQ32(angularQ32[axis]));
        }
        if (!schema.is3d())
        {
            out.angle((int)(roundQ32(angleQ32) & ((1L << schema.rotationBits()) - 1)));
        }
        else if (spinning)
        {
            // With zero angular velocity the engine hands back the quaternion it was given and the codes stay.
            rotationModel.store(out.array(), out.index(rot));
        }
    }

    private void step(final int axes, final int angularAxes)
    {
        for (int axis = 0; axis < axes; axis++)
        {
            velocityQ32[axis] += gravityStepQ32[axis];
        }
        if (model.dampingBeforePosition)
        {
            dampLinear(axes, true);
            dampAngular(angularAxes, true);
        }
        for (int axis = 0; axis < axes; axis++)
        {
            position[axis] += velocityQ32[axis] * positionPerVelocityNumerator / positionPerVelocityDenominator;
        }
        if (!schema.is3d())
        {
            angleQ32 += multiplyQ32(angularQ32[0], angleCodesPerAngularQ32);
        }
        else if (spinning)
        {
            rotationModel.step(angularQ32[0], angularQ32[1], angularQ32[2]);
        }
        if (!model.dampingBeforePosition)
        {
            dampLinear(axes, false);
            dampAngular(angularAxes, false);
        }
        if (perTickQuantization)
        {
            for (int axis = 0; axis < axes; axis++)
            {
                position[axis] = snapQ32(position[axis]) << 32;
                velocityQ32[axis] = snapQ32(velocityQ32[axis]) << 32;
            }
            for (int axis = 0; axis < angularAxes; axis++)
            {
                angularQ32[axis] = snapQ32(angularQ32[axis]) << 32;
            }
            angleQ32 = roundQ32(angleQ32) << 32;
            if (spinning)
            {
                rotationModel.store(rotationScratch, schema.rotationOffset());
                rotationModel.load(rotationScratch, schema.rotationOffset());
            }
        }
    }

    private void dampLinear(final int axes, final boolean always)
    {
        if (model.linearDampingQ32 == 1L << 32 || (!always && squaredUnits(velocityQ32, axes) <= linearThresholdSquaredUnits))
        {
            return;
        }
        for (int axis = 0; axis < axes; axis++)
        {
            velocityQ32[axis] = multiplyQ32(velocityQ32[axis], model.linearDampingQ32);
        }
    }

    private void dampAngular(final int axes, final boolean always)
    {
        if (model.angularDampingQ32 == 1L << 32 || (!always && squaredUnits(angularQ32, axes) <= angularThresholdSquaredUnits))
        {
            return;
        }
        for (int axis = 0; axis < axes; axis++)
        {
            angularQ32[axis] = multiplyQ32(angularQ32[axis], model.angularDampingQ32);
        }
    }

    private static long squaredUnits(final long[] valuesQ32, final int count)
    {
        long sum = 0;
        for (int i = 0; i < count; i++)
        {
            final long units = roundQ32(valuesQ32[i]);
            sum += units * units;
        }
        return sum;
    }

    /** (a * b) >> 32 for 32.32 values, with a 128-bit intermediate product. */
    static long multiplyQ32(final long a, final long b)
    {
        final long high = Math.multiplyHigh(a, b);
        final long low = a * b;
        return (high << 32) | (low >>> 32);
    }

    /**
     * Round a value in grid units (32.32) the way the authority's snap does: the engine's value becomes a
     * float ({@code readState}), then {@code Math.rint(x * units)}. Rounding to float moves every value
     * within half a float ulp of a grid half-step onto the half-step itself, which rint then sends to the
     * even neighbour; everything else rounds to nearest. Exact for power-of-two units per metre, where the
     * float ulp in grid units is {@code 2^(floor(log2 |x|) - 23)}.
     */
    static long snapQ32(final long valueQ32)
    {
        final long magnitude = Math.abs(valueQ32);
        final long whole = magnitude >>> 32;
        final long fromHalf = (magnitude & 0xFFFF_FFFFL) - HALF_Q32;
        // Half a float ulp in 32.32 grid units is highestOneBit(whole) << 8 (0 for whole 0). From 2^23 units up it
        // reaches half a unit and the float is the grid value itself, so only an exact half-step is a tie: a zone
        // of 0, which also covers whole == 0 (no float rounding there, only rint's own ties).
        final long tieZoneQ32 = whole < 1L << 23 ? Long.highestOneBit(whole) << 8 : 0;
        final long rounded = Math.abs(fromHalf) <= tieZoneQ32 ?
            whole + (whole & 1) :           // onto the half-step, then rint's ties to even
            whole + (fromHalf > 0 ? 1 : 0);
        return valueQ32 < 0 ? -rounded : rounded;
    }

    /** Round a 32.32 value to the nearest integer, ties away from zero. */
    static long roundQ32(final long valueQ32)
    {
        return valueQ32 >= 0 ? (valueQ32 + HALF_Q32) >> 32 : -((-valueQ32 + HALF_Q32) >> 32);
    }
}
