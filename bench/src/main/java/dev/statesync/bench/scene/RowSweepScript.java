package dev.statesync.bench.scene;

/**
 * Scripted player for {@link CubesScene}: push held all the time, steering along the rows
 * {@code y = -12, -8, ..., 12}, each row from {@code x = -12} to {@code 12} and back, then starting over.
 * The outbound leg runs 1 m below the row and the return leg 1 m above it (a return along the same line
 * finds the strip already cleared), and the steering is close to full throttle: tuned so that the scene is
 * as busy as Fiedler's demo (measured: 88.8 of 901 objects change per tick over the first 1200 ticks,
 * 118.6 over 2400; see {@link SceneActivityReport}).
 * <p>
 * The only state is the index of the current waypoint, so the script is deterministic and replays from
 * the player's state alone.
 */
public final class RowSweepScript
{
    /** Extent of each row along x, metres: rows run from -ROW_HALF_LENGTH_M to +ROW_HALF_LENGTH_M. */
    public static final double ROW_HALF_LENGTH_M = 12.0;

    /** y of the first row, metres. */
    public static final double FIRST_ROW_Y_M = -12.0;

    /** Distance between rows, metres. */
    public static final double ROW_SPACING_M = 4.0;

    /** Number of rows (y = -12 .. 12). */
    public static final int ROW_COUNT = 7;

    /**
     * The outbound leg of a row runs this far below the row's y and the return leg this far above it,
     * metres, so that the return does not sweep the strip the outbound leg has just cleared.
     */
    public static final double LEG_Y_OFFSET_M = 1.0;

    /** A waypoint counts as reached within this horizontal distance, metres. */
    public static final double REACHED_RADIUS_M = 1.0;

    /**
     * Top speed the steering asks for, m/s; above the player's terminal speed while pushing (120 N on
     * 3.375 kg with x0.96 per tick gives about 14 m/s), so the legs are driven at full throttle.
     */
    public static final double CRUISE_SPEED_M_PER_S = 14.0;

    /** Wanted speed per metre of distance to the waypoint, 1/s (high: brake late at the row ends). */
    public static final double STEERING_GAIN_PER_S = 16.0;

    /** Speed error tolerated before an arrow is pressed, m/s. */
    public static final double STEERING_DEADBAND_M_PER_S = 0.25;

    private static final int WAYPOINTS_PER_ROW = 4;

    private final WaypointSteering steering =
        new WaypointSteering(CRUISE_SPEED_M_PER_S, STEERING_GAIN_PER_S, STEERING_DEADBAND_M_PER_S);
    private int waypoint;

    /**
     * @return index of the waypoint being steered to, {@code 0 .. waypointCount() - 1}.
     */
    public int waypoint()
    {
        return waypoint;
    }

    /**
     * @return waypoints in one full sweep (four per row: start and far end of both legs).
     */
    public static int waypointCount()
    {
        return ROW_COUNT * WAYPOINTS_PER_ROW;
    }

    /**
     * @param index waypoint index.
     * @return x of the waypoint, metres.
     */
    public static double waypointXM(final int index)
    {
        final int leg = index % WAYPOINTS_PER_ROW;
        return leg == 1 || leg == 2 ? ROW_HALF_LENGTH_M : -ROW_HALF_LENGTH_M;
    }

    /**
     * @param index waypoint index.
     * @return y of the waypoint, metres.
     */
    public static double waypointYM(final int index)
    {
        final double rowYM = FIRST_ROW_Y_M + ROW_SPACING_M * (index / WAYPOINTS_PER_ROW);
        return (index % WAYPOINTS_PER_ROW) >= 2 ? rowYM + LEG_Y_OFFSET_M : rowYM - LEG_Y_OFFSET_M;
    }

    /**
     * Compute this tick's input from the player's horizontal position and velocity.
     */
    public void update(
        final double xM, final double yM, final double vxMPerS, final double vyMPerS, final PlayerInput input)
    {
        final double dx = waypointXM(waypoint) - xM;
        final double dy = waypointYM(waypoint) - yM;
        if (dx * dx + dy * dy < REACHED_RADIUS_M * REACHED_RADIUS_M)
        {
            waypoint = (waypoint + 1) % waypointCount();
        }
        input.push = true;
        steering.steer(xM, yM, vxMPerS, vyMPerS, waypointXM(waypoint), waypointYM(waypoint), input);
    }
}
