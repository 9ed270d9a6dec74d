package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.sim.NetworkSimulatorConfig;

/** The authority derives the sender's resend timeout from the measured round trip, never below the configured one. */
class SnapshotAuthorityResendTimeoutTest
{
    private static final double TICK_MS_60_HZ = 1000.0 / 60;

    @Test
    void ruleUsesTheFloorUntilMeasuredAndOneAndAHalfRoundTripsPlusTwoTicksAfter()
    {
        assertEquals(12, SnapshotAuthority.resendTimeoutTicks(0, TICK_MS_60_HZ, 12), "no RTT sample yet");
        assertEquals(12, SnapshotAuthority.resendTimeoutTicks(Double.NaN, TICK_MS_60_HZ, 12));
        assertEquals(12, SnapshotAuthority.resendTimeoutTicks(100, TICK_MS_60_HZ, 12), "9 + 2 ticks, below the floor");
        assertEquals(16, SnapshotAuthority.resendTimeoutTicks(150, TICK_MS_60_HZ, 12), "ceil(13.5) + 2");
        assertEquals(47, SnapshotAuthority.resendTimeoutTicks(500, TICK_MS_60_HZ, 12), "ceil(45) + 2");
        assertEquals(3, SnapshotAuthority.resendTimeoutTicks(10, TICK_MS_60_HZ, 1), "ceil(0.9) + 2");
        assertEquals(9, SnapshotAuthority.resendTimeoutTicks(150, 1000.0 / 30, 1), "30 Hz: ceil(6.75) + 2");
    }

    @Test
    void senderTimeoutFollowsTheEndpointRoundTrip()
    {
        final NetworkSimulatorConfig network = new NetworkSimulatorConfig().latencyMs(150).seed(3);
        final LinkedSnapshotSession session = new LinkedSnapshotSession(StateSchema.fiedler3d(), 20,
            new LinearExtrapolationPredictor(false), network, new SnapshotLinkConfig(), true, 11);

        assertEquals(SnapshotConfig.DEFAULT_RESEND_TIMEOUT_TICKS, session.authority.sender().resendTimeoutTicks());
        session.run(300);
        session.run(1); // the timeout is set from the RTT known when a snapshot is sent

        final double rttMs = session.authority.endpoint().rttMs();
        assertTrue(rttMs >= 300, "RTT " + rttMs);
        final int expected = SnapshotAuthority.resendTimeoutTicks(rttMs, TICK_MS_60_HZ, SnapshotConfig.DEFAULT_RESEND_TIMEOUT_TICKS);
        assertEquals(expected, session.authority.sender().resendTimeoutTicks());
        assertTrue(expected >= 29, "1.5 x 300 ms is 27 ticks at 60 Hz, plus 2: " + expected);
    }

    @Test
    void tickRateDefaultsTo60HzAndMustBePositive()
    {
        assertEquals(60, new SnapshotLinkConfig().tickRateHz());
        assertEquals(SnapshotLinkConfig.DEFAULT_TICK_RATE_HZ, new SnapshotLinkConfig().tickRateHz());
        assertEquals(30, new SnapshotLinkConfig().tickRateHz(30).tickRateHz());
        final IllegalArgumentException zero =
            assertThrows(IllegalArgumentException.class, () -> new SnapshotLinkConfig().tickRateHz(0));
        assertEquals("tickRateHz must be > 0, got 0", zero.getMessage());
    }
}
