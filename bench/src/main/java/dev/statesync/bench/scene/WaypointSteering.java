package dev.statesync.bench.scene;

/**
 * Turns "go to (x, y)" into arrow keys: a per-axis bang-bang controller on velocity.
 * <p>
 * The wanted velocity along an axis points at the target, grows with distance by {@code gainPerS} and is
 * capped at {@code cruiseSpeedMPerS}; the arrow is pressed when the actual velocity lags the wanted one by
 * more than {@code deadbandMPerS}. Keys, not forces, so the same input stream can be networked.
 */
public final class WaypointSteering
{
    private final double cruiseSpeedMPerS;
    private final double gainPerS;
    private final double deadbandMPerS;

    /**
     * @param cruiseSpeedMPerS top speed the controller asks for, m/s.
     * @param gainPerS         wanted speed per metre of distance, 1/s.
     * @param deadbandMPerS    speed error tolerated before an arrow is pressed, m/s.
     */
    public WaypointSteering(final double cruiseSpeedMPerS, final double gainPerS, final double deadbandMPerS)
    {
        this.cruiseSpeedMPerS = cruiseSpeedMPerS;
        this.gainPerS = gainPerS;
        this.deadbandMPerS = deadbandMPerS;
    }

    /**
     * Set the arrows of {@code input} (push untouched) to steer from the given position and velocity to
     * the target.
     */
    public void steer(
        final double xM, final double yM, final double vxMPerS, final double vyMPerS,
        final double targetXM, final double targetYM, final PlayerInput input)
    {
        final int x = axis(targetXM - xM, vxMPerS);
        final int y = axis(targetYM - yM, vyMPerS);
        input.right = x > 0;
        input.left = x < 0;
        input.up = y > 0;
        input.down = y < 0;
    }

    private int axis(final double errorM, final double velocityMPerS)
    {
        final double wanted = Math.max(-cruiseSpeedMPerS, Math.min(cruiseSpeedMPerS, errorM * gainPerS));
        final double lag = wanted - velocityMPerS;
        if (lag > deadbandMPerS)
        {
            return 1;
        }
        if (lag < -deadbandMPerS)
        {
            return -1;
        }
        return 0;
    }
}
