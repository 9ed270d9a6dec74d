package dev.statesync.bench.scene;

/**
 * Physical constants of {@link CubesScene}: Fiedler's GDC 2015 cube demo as read from its code
 * (Fiedler's GDC 2015 cube demo, as read from its code; src/site/results.md describes the scene). Changing any of these changes the scene the project measures itself against.
 */
public final class CubesSceneConfig
{
    /** Cubes along each side of the grid. */
    public static final int GRID_SIDE = 30;

    /** Number of small cubes (objects 1 .. 900). */
    public static final int CUBE_COUNT = GRID_SIDE * GRID_SIDE;

    /** Edge length of a small cube, metres. */
    public static final double CUBE_SIZE_M = 0.4;

    /** Distance between neighbouring grid cubes, metres; the grid spans -14.5 .. 14.5 on x and y. */
    public static final double GRID_SPACING_M = 1.0;

    /** Edge length of the player cube (object 0), metres. */
    public static final double PLAYER_SIZE_M = 1.5;

    /** Height the player cube is dropped from, metres. */
    public static final double PLAYER_START_Z_M = 10.0;

    /** Density of every cube, kg/m^3 (player mass 3.375 kg, cube mass 0.064 kg). */
    public static final double DENSITY_KG_PER_M3 = 1.0;

    /** Gravity along -z, m/s^2. */
    public static final double GRAVITY_M_PER_S2 = 20.0;

    /** Fixed step handed to {@code DWorld.quickStep}, seconds (the double 1/60). */
    public static final double STEP_DT_S = 1.0 / 60.0;

    /** QuickStep solver iterations. */
    public static final int QUICKSTEP_ITERATIONS = 64;

    /** Global error reduction parameter. */
    public static final double ERP = 0.25;

    /** Global constraint force mixing. */
    public static final double CFM = 0.001;

    /** Maximum velocity contacts may use to correct penetration, m/s. */
    public static final double MAX_CORRECTING_VELOCITY_M_PER_S = 250.0;

    /** Depth contacts may sink before correction starts, metres. */
    public static final double CONTACT_SURFACE_LAYER_M = 0.01;

    /** Coulomb friction coefficient of every contact (no bounce). */
    public static final double FRICTION_MU = 200.0;

    /** World linear damping: fraction of linear velocity removed per step (above ODE's threshold). */
    public static final double LINEAR_DAMPING_PER_STEP = 0.01;

    /** World angular damping: fraction of angular velocity removed per step (above ODE's threshold). */
    public static final double ANGULAR_DAMPING_PER_STEP = 0.01;

    /** Time a body must stay below the thresholds before ODE disables it, seconds. */
    public static final double AUTO_DISABLE_TIME_S = 0.1;

    /**
     * Steps a body must stay below the thresholds before ODE disables it; both this and
     * {@link #AUTO_DISABLE_TIME_S} must expire, 6 steps = 0.1 s at 60 Hz.
     */
    public static final int AUTO_DISABLE_STEPS = 6;

    /** Linear speed below which a body counts as idle, m/s. */
    public static final double AUTO_DISABLE_LINEAR_M_PER_S = 0.25;

    /** Angular speed below which a body counts as idle, rad/s. */
    public static final double AUTO_DISABLE_ANGULAR_RAD_PER_S = 0.25;

    /** Most contacts generated per colliding geom pair. */
    public static final int MAX_CONTACTS_PER_PAIR = 8;

    /** Force of one arrow key on the player, newtons. */
    public static final double ARROW_FORCE_N = 120.0;

    /** Radius around the push point within which cubes are pushed, metres. */
    public static final double PUSH_RADIUS_M = 2.0;

    /** Height of the push point below the player (z of the point), metres. */
    public static final double PUSH_POINT_Z_M = -0.1;

    /** Push strength: acceleration is this over distance squared, (m/s^2) * m^2. */
    public static final double PUSH_STRENGTH_M3_PER_S2 = 200.0;

    /** Cap on the push acceleration, m/s^2 (force = acceleration x cube mass). */
    public static final double PUSH_MAX_ACCELERATION_M_PER_S2 = 500.0;

    /** Factor applied to the player's x and y velocity every tick while pushing. */
    public static final double PUSH_XY_VELOCITY_FACTOR_PER_TICK = 0.96;

    /**
     * Height the hovering player is held at, metres (centre of the player cube). Not given by his demo's description;
     * measured: at 1.1 m to 1.5 m the player's body blocks the cubes it throws up and the scene is about
     * 10% quieter than at 3 m; above 3 m nothing changes.
     */
    public static final double HOVER_HEIGHT_M = 3.0;

    /** Hover spring stiffness as an acceleration per metre of height error, 1/s^2. */
    public static final double HOVER_STIFFNESS_PER_S2 = 40.0;

    /** Hover damping as an acceleration per m/s of vertical speed, 1/s. */
    public static final double HOVER_DAMPING_PER_S = 8.0;

    /** Amplitude of the wobble force as an acceleration, m/s^2. */
    public static final double WOBBLE_ACCELERATION_M_PER_S2 = 2.0;

    /** Amplitude of the wobble torque as an angular acceleration, rad/s^2. */
    public static final double WOBBLE_ANGULAR_ACCELERATION_RAD_PER_S2 = 2.0;

    /** Upright torque stiffness as an angular acceleration per radian of tilt, 1/s^2. */
    public static final double UPRIGHT_STIFFNESS_PER_S2 = 60.0;

    /** Upright torque damping as an angular acceleration per rad/s, 1/s. */
    public static final double UPRIGHT_DAMPING_PER_S = 10.0;

    private CubesSceneConfig()
    {
    }
}
