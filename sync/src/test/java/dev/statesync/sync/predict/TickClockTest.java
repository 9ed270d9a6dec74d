package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TickClockTest
{
    private static final long TICK_NS = 16_666_667L;

    @Test
    void shouldOnlySetOriginOnFirstAdvance()
    {
        final TickClock clock = new TickClock(TICK_NS, 8);
        assertEquals(0, clock.advance(5_000_000_000L));
        assertEquals(0, clock.tick());
    }

    @Test
    void shouldRunOneTickPerElapsedTickDurationAndCarryTheRemainder()
    {
        final TickClock clock = new TickClock(TICK_NS, 8);
        clock.advance(0);
        assertEquals(0, clock.advance(10_000_000L));
        assertEquals(1, clock.advance(20_000_000L)); // 20 ms: one tick, 3.33 ms left
        assertEquals(3.333333 / 16.666667, clock.alpha(), 1e-6);
        assertEquals(2, clock.advance(20_000_000L + 2 * TICK_NS));
        assertEquals(3, clock.tick());
    }

    @Test
    void shouldRunTheSameNumberOfTicksWhateverTheFrameRate()
    {
        final long totalNs = 10_000_000_000L;
        for (final int frameHz : new int[]{30, 60, 144, 1000})
        {
            final TickClock clock = new TickClock(TICK_NS, 8);
            clock.advance(0);
            final long frameNs = 1_000_000_000L / frameHz;
            long ticks = 0;
            for (long now = frameNs; now <= totalNs; now += frameNs)
            {
                ticks += clock.advance(now);
            }
            assertEquals(totalNs / TICK_NS, ticks, 1, "frame rate " + frameHz);
        }
    }

    @Test
    void shouldCapTicksPerAdvanceAndCountTheDroppedTime()
    {
        final TickClock clock = new TickClock(TICK_NS, 4);
        clock.advance(0);
        assertEquals(4, clock.advance(10 * TICK_NS));
        assertEquals(6 * TICK_NS, clock.droppedNs());
        assertEquals(1, clock.advance(11 * TICK_NS));
    }

    @Test
    void shouldTreatTimeGoingBackwardsAsNoTime()
    {
        final TickClock clock = new TickClock(TICK_NS, 8);
        clock.advance(100 * TICK_NS);
        assertEquals(0, clock.advance(50 * TICK_NS));
        assertEquals(1, clock.advance(51 * TICK_NS));
    }
}
