package dev.statesync.bench.fuzz;

import dev.statesync.codec.predict.BallisticPredictor;
import dev.statesync.codec.predict.CheapestOfPredictor;
import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.IntegratorModel;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor.Rotation;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.snapshot.PhysicalCouplings;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.StateSchema;

/**
 * The two snapshot codings the fuzzer feeds, each with the schema and predictor that reach most of its decoder: the
 * scenario runner's production set-ups.
 */
enum SnapshotCoding
{
    /**
     * Range-coded frames of the snapshot schema (position, smallest three, at rest), predicted by the cheapest of
     * held, linear and linear-with-gravity extrapolation, rotations extrapolated as quaternions: two baselines,
     * three alternatives, coder models carried across acked packets.
     */
    RANGE_CODED,
    /**
     * Bitpacked snapshots of the schema with velocities, predicted by the cheaper of held and the fixed-point
     * ballistic model of the cube scene's ODE world.
     */
    BITPACKED;

    /** Gravity of the cube scene along z, m/s^2. */
    private static final double GRAVITY_MPS2 = -20;
    private static final int TICK_RATE_HZ = 60;
    /** A 0.4 m cube tips over an edge 0.4 / sqrt 2 m from its centre (as {@code Predictors.rollingRadiusM}). */
    private static final double CUBE_ROLLING_RADIUS_M = 0.4 / Math.sqrt(2);

    /** Half the side of a 0.4 m cube resting on the ground at z = 0 (as {@code Predictors.cubeHalfSizeM}). */
    private static final double CUBE_HALF_SIZE_M = 0.2;

    StateSchema schema()
    {
        return this == RANGE_CODED ? StateSchema.snapshot3d() : StateSchema.fiedler3d();
    }

    Predictor predictor(final StateSchema schema)
    {
        if (this == RANGE_CODED)
        {
            return new CheapestOfPredictor(HoldPredictor.INSTANCE, new LinearExtrapolationPredictor(Rotation.QUATERNION),
                new LinearExtrapolationPredictor(schema, 2, GRAVITY_MPS2, TICK_RATE_HZ, Rotation.QUATERNION));
        }
        return new CheapestOfPredictor(HoldPredictor.INSTANCE, new BallisticPredictor(schema,
            IntegratorModel.ode(GRAVITY_MPS2, 0.01, 0.01, 0.01, 0.01, TICK_RATE_HZ), false));
    }

    /** @return the codecs' rolling radius: the cube runs' for range-coded frames, so hostile bytes reach it too. */
    double rollingRadiusM()
    {
        return this == RANGE_CODED ? CUBE_ROLLING_RADIUS_M : 0;
    }

    /** @return the codecs' cube half-size on the ground at z = 0: the cube runs' for range-coded frames, else 0. */
    double cubeHalfSizeM()
    {
        return this == RANGE_CODED ? CUBE_HALF_SIZE_M : 0;
    }

    /** @return the codecs' couplings: {@link #rollingRadiusM} and {@link #cubeHalfSizeM} on the ground at z = 0. */
    PhysicalCouplings physicalCouplings()
    {
        return new PhysicalCouplings().rollingRadiusM(rollingRadiusM()).groundContact(0, cubeHalfSizeM());
    }

    SnapshotConfig config()
    {
        return new SnapshotConfig().rangeCoded(this == RANGE_CODED);
    }

    WireLayout.PayloadTick payloadTick()
    {
        return this == RANGE_CODED ? WireLayout.PayloadTick.FRAMED : WireLayout.PayloadTick.AT_START;
    }
}
