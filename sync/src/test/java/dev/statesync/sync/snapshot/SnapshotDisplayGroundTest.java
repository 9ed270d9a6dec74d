package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.quantize.StateQuantizer;
import dev.statesync.codec.state.StateSchema;

/** {@link SnapshotDisplayConfig#groundPlane}: extrapolation never carries an object into the ground. */
class SnapshotDisplayGroundTest
{
    private static final long TICK_NS = 1_000_000_000L / 60;
    private static final double GROUND_M = 0.0;
    private static final double CLEARANCE_M = 0.2;
    private static final int S3 = StateQuantizer.FLOATS_3D;
    private static final int S2 = StateQuantizer.FLOATS_2D;

    private final float[] record = new float[S3];
    private final float[] out = new float[S3];

    private static SnapshotDisplayConfig grounded()
    {
        return new SnapshotDisplayConfig().tickDurationNs(TICK_NS).maxExtrapolationNs(150_000_000L)
            .groundPlane(GROUND_M, CLEARANCE_M);
    }

    /** A moving 3D pose, identity rotation; velocity (vx, vz) m/s when the schema carries velocities. */
    private float[] pose3(final double x, final double z, final double vxMps, final double vzMps)
    {
        Arrays.fill(record, 0f);
        record[0] = (float)x;
        record[2] = (float)z;
        record[6] = 1f;
        record[7] = (float)vxMps;
        record[9] = (float)vzMps;
        return record;
    }

    @Test
    void stopsAFallingObjectWhereItsBodyReachesTheGround()
    {
        // 0.2 m down and 0.1 m along x a tick; its newest state is 0.3 m above the clearance 0.2 m: 1.5 ticks.
        final SnapshotDisplay grounded = new SnapshotDisplay(StateSchema.snapshot3d(), 1, grounded());
        final SnapshotDisplay straight = new SnapshotDisplay(StateSchema.snapshot3d(), 1,
            grounded().noGroundPlane());
        for (final SnapshotDisplay display : new SnapshotDisplay[] {grounded, straight})
        {
            display.hold(0, 10, pose3(0.0, 0.7, 0, 0), 0);
            display.hold(0, 11, pose3(0.1, 0.5, 0, 0), 0);
        }

        assertEquals(SnapshotDisplay.EXTRAPOLATED, grounded.show(0, 14, out, 0));
        assertEquals(1.5, grounded.shownExtrapolatedTicks(), 1e-6, "float records");
        assertEquals(0.2f, out[2], 1e-6f, "stopped at the clearance");
        assertEquals(0.25f, out[0], 1e-6f, "and sideways by as long");

        assertEquals(SnapshotDisplay.EXTRAPOLATED, straight.show(0, 14, out, 0));
        assertEquals(3.0, straight.shownExtrapolatedTicks(), 1e-9);
        assertEquals(-0.1f, out[2], 1e-6f, "without a ground: through it");

        assertEquals(SnapshotDisplay.EXTRAPOLATED, grounded.show(0, 12, out, 0));
        assertEquals(1.0, grounded.shownExtrapolatedTicks(), 1e-6, "above the clearance all the way: as without a ground");
        assertEquals(0.3f, out[2], 1e-6f);
    }

    @Test
    void holdsADescendingObjectAlreadyAtItsClearance()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 1, grounded());
        display.hold(0, 10, pose3(0.0, 0.45, 0, 0), 0);
        display.hold(0, 11, pose3(0.2, 0.19, 0, 0), 0);

        assertEquals(SnapshotDisplay.HELD, display.show(0, 13, out, 0));
        assertEquals(0.2f, out[0]);
        assertEquals(0.19f, out[2]);
        assertEquals(0, display.extrapolatedCount());
        assertEquals(0, display.shownExtrapolatedTicks());
    }

    @Test
    void extrapolatesLevelAndRisingMotionNearTheGroundAsWithoutOne()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 2, grounded());
        // Object 0 slides along the ground; object 1 rises from it.
        display.hold(0, 10, pose3(0.0, 0.2, 0, 0), 0);
        display.hold(0, 11, pose3(0.3, 0.2, 0, 0), 0);
        display.hold(1, 10, pose3(0.0, 0.2, 0, 0), 0);
        display.hold(1, 11, pose3(0.0, 0.4, 0, 0), 0);

        assertEquals(SnapshotDisplay.EXTRAPOLATED, display.show(0, 13, out, 0));
        assertEquals(2.0, display.shownExtrapolatedTicks(), 1e-6);
        assertEquals(0.9f, out[0], 1e-6f);
        assertEquals(SnapshotDisplay.EXTRAPOLATED, display.show(1, 13, out, 0));
        assertEquals(0.8f, out[2], 1e-6f);
    }

    @Test
    void stopsAnObjectWhoseStateCarriesItsVelocityToo()
    {
        // 12 m/s down is 0.2 m a tick at 60 Hz; 0.25 m above the clearance: 1.25 ticks.
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.highPrecision3d(), 1, grounded());
        display.hold(0, 10, pose3(1.0, 0.45, 6.0, -12.0), 0);

        assertEquals(SnapshotDisplay.EXTRAPOLATED, display.show(0, 14, out, 0));
        assertEquals(1.25, display.shownExtrapolatedTicks(), 1e-6);
        assertEquals(0.2f, out[2], 1e-5f);
        assertEquals(1.125f, out[0], 1e-5f, "6 m/s for 1.25 ticks");

        display.hold(0, 20, pose3(1.0, 0.1, 6.0, -12.0), 0);
        assertEquals(SnapshotDisplay.HELD, display.show(0, 22, out, 0), "already below its clearance, falling");
        assertEquals(0.1f, out[2]);
    }

    @Test
    void inTwoDimensionsTheVerticalAxisIsY()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.builder2d().velocities(false).build(), 1,
            grounded());
        final float[] pose2 = new float[S2];
        final float[] out2 = new float[S2];
        pose2[0] = 0f;
        pose2[1] = 0.7f;
        display.hold(0, 10, pose2, 0);
        pose2[0] = 0.1f;
        pose2[1] = 0.5f;
        display.hold(0, 11, pose2, 0);

        assertEquals(SnapshotDisplay.EXTRAPOLATED, display.show(0, 14, out2, 0));
        assertEquals(0.2f, out2[1], 1e-6f);
        assertEquals(0.25f, out2[0], 1e-6f);
    }

    @Test
    void refusesAGroundThatIsNotFiniteOrANegativeClearance()
    {
        final SnapshotDisplayConfig config = new SnapshotDisplayConfig();
        assertFalse(config.hasGroundPlane(), "none by default");
        assertTrue(Double.isNaN(config.groundHeightM()));
        assertThrows(IllegalArgumentException.class, () -> config.groundPlane(Double.NaN, 0.2));
        assertThrows(IllegalArgumentException.class, () -> config.groundPlane(Double.POSITIVE_INFINITY, 0.2));
        assertThrows(IllegalArgumentException.class, () -> config.groundPlane(0, -0.01));
        assertThrows(IllegalArgumentException.class, () -> config.groundPlane(0, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> config.groundPlane(0, Double.POSITIVE_INFINITY));
        assertFalse(config.hasGroundPlane(), "a refused plane changes nothing");

        config.groundPlane(-1.5, 0.35);
        assertTrue(config.hasGroundPlane());
        assertEquals(-1.5, config.groundHeightM());
        assertEquals(0.35, config.groundClearanceM());
        config.noGroundPlane();
        assertFalse(config.hasGroundPlane());
        assertEquals(0, config.groundClearanceM());
    }
}
