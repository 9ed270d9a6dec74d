package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class SceneViewsTest
{
    @Test
    void shouldKeepFourEvenlySpacedViewsAndTheViewOfTheLargestError()
    {
        final SceneViews views = new SceneViews(2, 2, 42);
        for (int tick = 3; tick <= 42; tick++)
        {
            views.authority(0, tick, 0f);
            views.authority(1, 0f, tick);
            final double error = tick == 17 ? 0.5 : 0.01;
            views.replica(0, tick + (float)error, 0f, error);
            views.end(tick, tick - 2, error);
        }
        final List<SceneView> all = views.views();
        assertEquals(5, all.size());
        assertEquals(List.of(10, 20, 30, 40, 15), all.stream().map(SceneView::displayTick).toList(),
            "evaluation ticks 12, 22, 32, 42 show ticks 10..40; the worst was shown at 15");
        final SceneView worst = all.get(4);
        assertTrue(worst.worst());
        assertFalse(all.get(0).worst());
        assertEquals(0.5, worst.maxErrorM(), 1e-6);
        assertEquals(17.5f, worst.replicaXY()[0], 1e-6f);
        assertEquals(17f, worst.authorityXY()[3]);
        assertTrue(Float.isNaN(worst.replicaXY()[2]) && Float.isNaN(worst.errorM()[1]), "object 1 was not held");
    }
}
