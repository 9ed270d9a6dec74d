package dev.statesync.bench.runner;

import dev.statesync.bench.scene.CubesSceneConfig;
import dev.statesync.bench.scene.PileSceneConfig;
import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.predict.BallisticPredictor;
import dev.statesync.codec.predict.CheapestOfPredictor;
import dev.statesync.codec.predict.FreeFlightExtrapolationPredictor;
import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.IntegratorModel;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor.Rotation;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.snapshot.PhysicalCouplings;
import dev.statesync.codec.state.StateSchema;

/**
 * The one place that decides which predictor a run's authority and replica share, so a better predictor
 * (the fixed-point ballistic one) can be swapped in without touching the runner.
 */
public final class Predictors
{
    private Predictors()
    {
    }

    /**
     * @param schema      how state is sent.
     * @param scene       the scene.
     * @param stateSchema the schema records use.
     * @param choice      {@code --predictor}: the runner's ({@link #forRun(SchemaKind, Scene, StateSchema)}) or
     *                    one alternative alone.
     * @return a new predictor for one end of the run.
     * @throws IllegalArgumentException for {@link PredictorChoice#LINEAR} on the state schema.
     */
    public static Predictor forRun(
        final SchemaKind schema, final Scene scene, final StateSchema stateSchema, final PredictorChoice choice)
    {
        if (!choice.fits(schema))
        {
            throw new IllegalArgumentException("the " + choice.text() + " predictor needs the snapshot schema");
        }
        switch (choice)
        {
            case LINEAR:
                return new LinearExtrapolationPredictor(scene.is3d() ? Rotation.QUATERNION : Rotation.HOLD);
            case HOLD:
                return HoldPredictor.INSTANCE;
            default:
                return forRun(schema, scene, stateSchema);
        }
    }

    /**
     * @param schema how state is sent.
     * @param scene  the scene (the ballistic predictor needs its engine's gravity and damping).
     * @param stateSchema the schema records use (the ballistic predictor needs its precision). State runs
     *                    quantize on both sides, so the ballistic predictor snaps every tick.
     * @return snapshot schema: per object the cheapest of "held", linear extrapolation from two baselines, and
     * linear extrapolation with the engine's gravity (airborne objects), both of those extrapolating a 3D
     * rotation as a quaternion at constant angular velocity (on the cube scene 6% fewer bits per snapshot than
     * holding it; 2D scenes hold the angle, as before); in 3D the airborne alternative also replays ode4j's
     * per-step damping ({@link FreeFlightExtrapolationPredictor}); the encoder ranks it with the linear
     * alternative's rotation, so the rotation is extrapolated once per object (ranking with the damped rotation
     * was 14% more encode time), and codes a chosen one against its damped rotation (results.md "Fewer bits" and
     * "Fewer bits, round 2"); 2D scenes have no damping;
     * state schema: per object the cheaper of "held" and the fixed-point ballistic model of the scene's engine.
     */
    public static Predictor forRun(final SchemaKind schema, final Scene scene, final StateSchema stateSchema)
    {
        if (schema == SchemaKind.SNAPSHOT)
        {
            final IntegratorModel engine = integratorOf(scene);
            final int gravityAxis = scene.is3d() ? 2 : 1;
            final Rotation rotation = scene.is3d() ? Rotation.QUATERNION : Rotation.HOLD;
            if (scene.is3d())
            {
                // ode4j damps every body each step: replaying that makes airborne cubes' predictions cheaper than
                // linear extrapolation plus gravity (see FreeFlightExtrapolationPredictor); ranked with the linear
                // one's rotation, extrapolated once for both, coded with the damped one.
                final LinearExtrapolationPredictor linear = new LinearExtrapolationPredictor(rotation);
                return new CheapestOfPredictor(HoldPredictor.INSTANCE, linear,
                    new FreeFlightExtrapolationPredictor(stateSchema, engine, linear));
            }
            return new CheapestOfPredictor(HoldPredictor.INSTANCE, new LinearExtrapolationPredictor(rotation),
                new LinearExtrapolationPredictor(stateSchema, gravityAxis, engine.gravityMps2(gravityAxis),
                    Scene.TICK_RATE_HZ, rotation));
        }
        return new CheapestOfPredictor(HoldPredictor.INSTANCE,
            new BallisticPredictor(stateSchema, integratorOf(scene), true));
    }

    /**
     * @param schema the run's schema.
     * @return the rolling radius both ends' codecs use ({@code SnapshotLinkConfig.rollingRadiusM}): in 3D (the cube
     * scene) the distance from a cube's centre to an edge it tumbles over, side / sqrt 2 = 0.283 m; 0 (off) in 2D,
     * whose angle is not a quaternion.
     */
    public static double rollingRadiusM(final StateSchema schema)
    {
        return schema.is3d() ? CubesSceneConfig.CUBE_SIZE_M / Math.sqrt(2) : 0;
    }

    /**
     * @param schema the run's schema.
     * @return the half-size of the cubes whose heights both ends' codecs predict from their rotation on the ground
     * ({@code SnapshotLinkConfig.groundContact}, the ground at {@link #GROUND_HEIGHT_M}): for the cube scene's snapshot
     * schema (3D, no velocities) half of its 0.4 m side; 0 (off) in 2D, and for the state schema, whose frames
     * {@code StateSchemaFramesGoldenTest} pins (on there it saves 21.5 of 13256.8 bits a snapshot, results.md,
     * "Fewer bits, round 4").
     */
    public static double cubeHalfSizeM(final StateSchema schema)
    {
        return schema.is3d() && !schema.hasVelocities() ? CubesSceneConfig.CUBE_SIZE_M / 2 : 0;
    }

    /**
     * @return the least height of a small cube's centre above the ground, half its side (lying flat on a face): how far
     * down the replica's display may extrapolate a falling cube ({@code SnapshotDisplayConfig.groundPlane}).
     */
    public static double cubeGroundClearanceM()
    {
        return CubesSceneConfig.CUBE_SIZE_M / 2;
    }

    /** Height of the cube scene's ground plane, metres. */
    public static final double GROUND_HEIGHT_M = 0;

    /**
     * @return the physical couplings of {@link #rollingRadiusM} and {@link #cubeHalfSizeM} on the ground at
     *         {@link #GROUND_HEIGHT_M}, for a codec built directly ({@code ObjectCodec(schema, couplings)}).
     */
    public static PhysicalCouplings physicalCouplings(final StateSchema schema)
    {
        return new PhysicalCouplings().rollingRadiusM(rollingRadiusM(schema))
            .groundContact(GROUND_HEIGHT_M, cubeHalfSizeM(schema));
    }

    /** @return the free-flight integrator of the scene's engine, with the scene's own settings. */
    static IntegratorModel integratorOf(final Scene scene)
    {
        if (scene.is3d())
        {
            // ode4j: Fiedler's cube scene settings; damping thresholds are ODE's defaults (0.01).
            return IntegratorModel.ode(-CubesSceneConfig.GRAVITY_M_PER_S2, CubesSceneConfig.LINEAR_DAMPING_PER_STEP,
                CubesSceneConfig.ANGULAR_DAMPING_PER_STEP, 0.01, 0.01, Scene.TICK_RATE_HZ);
        }
        // JBox2D scenes: gravity 10 m/s^2 down, no body damping.
        return IntegratorModel.jbox2d(0, -PileSceneConfig.GRAVITY_M_PER_S2, 0, 0, Scene.TICK_RATE_HZ);
    }
}
