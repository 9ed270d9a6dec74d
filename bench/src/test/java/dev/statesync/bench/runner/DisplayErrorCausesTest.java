package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class DisplayErrorCausesTest
{
    private static final int NONE = Integer.MIN_VALUE;

    @Test
    void shouldNameTheGapTicksCauses()
    {
        final DisplayErrorCauses causes = new DisplayErrorCauses(3, 4);
        causes.recordSend(10, new int[]{ 0, 1, 2 }, 3, false, o -> NONE);
        causes.recordSend(11, new int[]{ 0, 1 }, 2, true, o -> o == 2 ? 11 : NONE);
        causes.recordSend(12, new int[]{ 2 }, 1, false, o -> NONE);
        causes.offer(0, 11, 10, 12, 0.2);   // its tick-11 state was lost
        causes.offer(2, 11, 10, 12, 0.3);   // held back at 11
        causes.offer(1, 12, 10, NONE, 0.1); // 11 lost, 12 not sent
        causes.offer(2, 12, 12, NONE, 0.001);
        final List<DisplayErrorCauses.Event> largest = causes.largest();
        assertEquals(4, largest.size());
        assertEquals("deferred", largest.get(0).causeText());
        assertEquals(2, largest.get(0).object());
        assertEquals("lost", largest.get(1).causeText());
        assertEquals("lost+unsent", largest.get(2).causeText());
        assertEquals("quantization", largest.get(3).causeText());
        assertEquals(1, causes.count(DisplayErrorCauses.LOST));
        assertEquals(0.3, causes.max(DisplayErrorCauses.DEFERRED), 1e-12);
        assertEquals(0, causes.count(0), "below the threshold: ranked, not counted");
    }

    @Test
    void shouldKeepOneEventPerObjectAndGapAndTheLargestOnes()
    {
        final DisplayErrorCauses causes = new DisplayErrorCauses(2, 2);
        causes.recordSend(5, new int[]{ 0, 1 }, 2, true, o -> NONE);
        causes.offer(0, 5, 4, NONE, 0.05);
        causes.offer(0, 6, 4, NONE, 0.08);  // the same pop a tick later: replaces the row
        causes.offer(1, 5, 4, NONE, 0.02);
        causes.offer(1, 6, 6, NONE, 0.01);  // smaller than both kept
        final List<DisplayErrorCauses.Event> largest = causes.largest();
        assertEquals(2, largest.size());
        assertEquals(0.08, largest.get(0).errorM(), 1e-12);
        assertEquals(6, largest.get(0).shownTick());
        assertEquals(1, largest.get(1).object());
        assertTrue(causes.count(DisplayErrorCauses.LOST) >= 2);
    }

    @Test
    void shouldClassifyEveryLargeErrorOfALossyCubesRun()
    {
        final ScenarioRunner runner = new ScenarioRunner(Options.parse("--scene", "cubes", "--seconds", "3"), null);
        final RunReport report = runner.run(5);
        final DisplayErrorCauses causes = runner.errorCauses();
        final List<DisplayErrorCauses.Event> largest = causes.largest();
        assertEquals(5, largest.size());
        assertEquals(report.positionErrorMaxM(), largest.get(0).errorM(), 1e-9, "the top row is the run's max");
        for (final DisplayErrorCauses.Event e : largest)
        {
            assertTrue(e.heldTick() <= e.shownTick());
            assertEquals(e.heldTick() == e.shownTick(), e.causes() == 0, "no gap exactly when quantization: " + e);
        }
    }
}
