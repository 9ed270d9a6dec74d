package dev.statesync.bench.scene;

/**
 * Constants of {@link PileScene} (2D, JBox2D 2.2.1.1), with units.
 */
public final class PileSceneConfig
{
    /** Gravity along -y, m/s^2. */
    public static final float GRAVITY_M_PER_S2 = 10.0f;

    /** JBox2D velocity solver iterations per step (the Box2D testbed default). */
    public static final int VELOCITY_ITERATIONS = 8;

    /** JBox2D position solver iterations per step (the Box2D testbed default). */
    public static final int POSITION_ITERATIONS = 3;

    /** Half the edge of a box, metres (boxes are 0.5 m squares). */
    public static final float BOX_HALF_SIZE_M = 0.25f;

    /** Box density, kg/m^2 (box mass 0.25 kg). */
    public static final float BOX_DENSITY_KG_PER_M2 = 1.0f;

    /** Friction coefficient of boxes, ground and player. */
    public static final float FRICTION = 0.6f;

    /** Number of stacks. */
    public static final int STACK_COUNT = 10;

    /** Boxes per stack. */
    public static final int STACK_HEIGHT = 12;

    /** x of the stacks' centres, metres; the pile sits between the two groups. */
    public static final float[] STACK_X_M = { -24f, -20.5f, -17f, -13.5f, -10f, 10f, 13.5f, 17f, 20.5f, 24f };

    /** Columns of the dropped pile. */
    public static final int PILE_COLUMNS = 20;

    /** Rows of the dropped pile. */
    public static final int PILE_ROWS = 9;

    /** Centre-to-centre spacing of pile boxes before they fall, metres (leaves a gap, no overlaps). */
    public static final float PILE_SPACING_M = 0.6f;

    /** Height of the lowest pile row's centres, metres. */
    public static final float PILE_BOTTOM_Y_M = 1.0f;

    /** Largest random offset of a pile box from its cell centre, metres (gap 0.1 m leaves room). */
    public static final float PILE_JITTER_M = 0.04f;

    /** Half-width of the ground, metres; walls stand at both ends. */
    public static final float GROUND_HALF_WIDTH_M = 30f;

    /** Height of the end walls, metres. */
    public static final float WALL_HEIGHT_M = 20f;

    /** Half-width of the player box (object 0), metres. */
    public static final float PLAYER_HALF_WIDTH_M = 0.75f;

    /** Half-height of the player box, metres. */
    public static final float PLAYER_HALF_HEIGHT_M = 0.5f;

    /** Player density, kg/m^2 (mass 12 kg, 48 boxes); the player has fixed rotation, like a bulldozer. */
    public static final float PLAYER_DENSITY_KG_PER_M2 = 8.0f;

    /** Where the player is parked at start, metres. */
    public static final float PLAYER_START_X_M = -27.5f;

    /** Top speed the script drives the player at, m/s. */
    public static final float PLAYER_CRUISE_M_PER_S = 5f;

    /** Speed-error gain of the driving force, 1/s: force = mass x gain x (wanted - actual velocity). */
    public static final float PLAYER_DRIVE_GAIN_PER_S = 8f;

    /** Ticks of one script period: rest, drive right, rest, drive left. */
    public static final int SCRIPT_PERIOD_TICKS = 2400;

    /** Tick within the period at which the drive to the right starts (before it: everything settles). */
    public static final int DRIVE_RIGHT_START_TICK = 600;

    /** Tick within the period at which the drive to the right ends. */
    public static final int DRIVE_RIGHT_END_TICK = 1200;

    /** Tick within the period at which the drive back to the left starts. */
    public static final int DRIVE_LEFT_START_TICK = 1800;

    /** Target x of the drives, metres (+ for right, - for left). */
    public static final float DRIVE_TARGET_ABS_X_M = 27.5f;

    private PileSceneConfig()
    {
    }

    /**
     * @return number of boxes (objects 1 .. BOX_COUNT).
     */
    public static int boxCount()
    {
        return STACK_COUNT * STACK_HEIGHT + PILE_COLUMNS * PILE_ROWS;
    }
}
