package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SnapshotDisplayDelayTest
{
    /** The default link of the runner: 50 ms one way, 10 ms jitter, 60 Hz: 4 ticks of transit. */
    private static SnapshotDisplayDelay defaultLink(final SnapshotDisplayDelayConfig config)
    {
        return new SnapshotDisplayDelay(50, 10, config);
    }

    @Test
    void shouldAddSparePacketsPlusOneSendIntervalsToTheTransit()
    {
        assertEquals(4, SnapshotDisplayDelay.transitTicks(50, 10, 60));
        assertEquals(0, SnapshotDisplayDelay.transitTicks(0, 0, 60));
        assertEquals(1, SnapshotDisplayDelay.transitTicks(16.0, 0, 60));
        assertEquals(1, SnapshotDisplayDelay.transitTicks(1000.0 / 60, 0, 60), "exactly one tick is one tick");
        assertEquals(6, SnapshotDisplayDelay.delayTicks(4, 1, 1), "every tick: transit + 2, the runner's old D");
        assertEquals(8, SnapshotDisplayDelay.delayTicks(4, 1, 2));
        assertEquals(10, SnapshotDisplayDelay.delayTicks(4, 1, 3));
        assertEquals(13, SnapshotDisplayDelay.delayTicks(4, 2, 3));
        assertEquals(7, SnapshotDisplayDelay.delayTicks(4, 0, 3));
        assertThrows(IllegalArgumentException.class, () -> SnapshotDisplayDelay.delayTicks(4, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> SnapshotDisplayDelay.delayTicks(-1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> SnapshotDisplayDelay.transitTicks(Double.NaN, 0, 60));
    }

    @Test
    void shouldKeepTheDelayOfASnapshotEveryTickThroughSingleLosses()
    {
        final SnapshotDisplayDelay delay = defaultLink(new SnapshotDisplayDelayConfig());
        assertEquals(6, delay.delayTicks(), "before any snapshot: a snapshot every tick");
        for (int tick = 1; tick <= 200; tick++)
        {
            if (tick % 5 == 0 || tick % 7 == 0 || (tick >= 100 && tick <= 102))
            {
                continue; // lost: one gap in a few is longer, three in a row once
            }
            delay.onSnapshot(tick);
            assertEquals(6, delay.delayTicks(), "tick " + tick);
        }
        assertEquals(1, delay.intervalTicks());
    }

    @Test
    void shouldFollowALongerIntervalAtOnceAndAShorterOneLate()
    {
        final SnapshotDisplayDelay delay = defaultLink(new SnapshotDisplayDelayConfig().lowerAfterSnapshots(5));
        int tick = 0;
        for (int i = 0; i < 20; i++)
        {
            delay.onSnapshot(tick += 1);
        }
        assertEquals(6, delay.delayTicks());
        for (int i = 0; i < 3; i++)
        {
            delay.onSnapshot(tick += 3);
        }
        assertEquals(6, delay.delayTicks(), "three longer gaps may be losses: the shortest of four is still 1");
        delay.onSnapshot(tick += 3);
        assertEquals(10, delay.delayTicks(), "four gaps of 3: raised at once");
        assertEquals(3, delay.intervalTicks());
        delay.onSnapshot(tick += 6);
        assertEquals(10, delay.delayTicks(), "a lost packet at 3 ticks is not a longer interval");
        for (int i = 0; i < 4; i++)
        {
            delay.onSnapshot(tick += 2);
        }
        assertEquals(10, delay.delayTicks(), "lowered only after 5 snapshots at the shorter interval");
        delay.onSnapshot(tick += 2);
        assertEquals(8, delay.delayTicks());
        delay.onSnapshot(tick);
        delay.onSnapshot(tick - 1);
        assertEquals(8, delay.delayTicks(), "repeated and older snapshots are ignored");
    }

    @Test
    void shouldCountAnOutageAsTheLongestIntervalAtMost()
    {
        final SnapshotDisplayDelay delay = defaultLink(new SnapshotDisplayDelayConfig().intervalSampleGaps(1));
        delay.onSnapshot(1);
        delay.onSnapshot(500);
        assertEquals(4 + 2 * 4, delay.delayTicks());
        assertEquals(delay.ceilingTicks(), delay.delayTicks());
    }

    @Test
    void shouldRejectBadSettings()
    {
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayDelayConfig().sparePackets(-1));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayDelayConfig().sparePackets(17));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayDelayConfig().intervalSampleGaps(0));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayDelayConfig().lowerAfterSnapshots(0));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayDelayConfig().maxIntervalTicks(0));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayDelayConfig().tickRateHz(0));
    }
}
