package dev.statesync.bench.player;

/**
 * Dimensions and tuning of the player scene's JBox2D world, with units: a walled floor, stacks of crates on
 * both sides of the player's start, and a heavy box player that walks, brakes and jumps.
 */
public final class PlayerArena
{
    /** Length of one tick, seconds (60 Hz, the float every scene gives its engine). */
    public static final float TICK_DT_S = 1.0f / 60;

    /** Gravity along -y, m/s^2. */
    public static final float GRAVITY_M_PER_S2 = 10.0f;

    /** JBox2D velocity iterations per step (testbed default). */
    public static final int VELOCITY_ITERATIONS = 8;

    /** JBox2D position iterations per step (testbed default). */
    public static final int POSITION_ITERATIONS = 3;

    /** Half-width of the floor, metres; walls stand at both ends. */
    public static final float FLOOR_HALF_WIDTH_M = 16.0f;

    /** Height of the end walls, metres. */
    public static final float WALL_HEIGHT_M = 8.0f;

    /** Friction of every fixture. */
    public static final float FRICTION = 0.6f;

    /** Half the edge of a crate, metres (0.6 m crates). */
    public static final float CRATE_HALF_SIZE_M = 0.3f;

    /** Crate density, kg/m^2 (0.36 kg per crate). */
    public static final float CRATE_DENSITY_KG_PER_M2 = 1.0f;

    /** Crates per stack. */
    public static final int STACK_HEIGHT = 4;

    /** Distance of the nearest stacks from the player's start, metres. */
    public static final float FIRST_STACK_OFFSET_M = 2.0f;

    /** Distance between neighbouring stacks on one side, metres. */
    public static final float STACK_SPACING_M = 2.0f;

    /** Largest seeded horizontal offset of a crate in its stack, metres. */
    public static final float CRATE_JITTER_M = 0.05f;

    /** Half-size of the player box, metres (a 1 m box). */
    public static final float PLAYER_HALF_SIZE_M = 0.5f;

    /** Player density, kg/m^2 (4 kg, eleven crates); fixed rotation, so it stays upright. */
    public static final float PLAYER_DENSITY_KG_PER_M2 = 4.0f;

    /** Walking speed the player is driven toward, m/s. */
    public static final float PLAYER_WALK_M_PER_S = 4.0f;

    /** Speed-error gain of the walking force, 1/s: force = mass x gain x (wanted - actual). */
    public static final float PLAYER_DRIVE_GAIN_PER_S = 10.0f;

    /** Upward speed a jump adds, m/s. */
    public static final float PLAYER_JUMP_M_PER_S = 6.0f;

    /** Largest vertical speed at which a jump is allowed (standing on something), m/s. */
    public static final float JUMP_MAX_VERTICAL_M_PER_S = 0.01f;

    /** Largest number of crates a world holds (their index fits a state message's bounded field). */
    public static final int MAX_CRATES = 255;

    private PlayerArena()
    {
    }
}
