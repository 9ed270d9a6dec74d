package dev.statesync.bench.scene;

import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Same construction and same number of steps give bit-identical states. The two instances are stepped
 * interleaved in one JVM, which also proves that scenes do not share hidden state (ODE's global random
 * seed, JBox2D's pools).
 */
class SceneDeterminismTest
{
    private static final int CUBES_TICKS = 240;
    private static final int PILE_TICKS = 300;
    private static final int COMPARE_EVERY_TICKS = 20;

    @Test
    void cubesSceneRunTwiceGivesBitIdenticalStates()
    {
        final int moving = assertRunsIdentical(CubesScene::new, CUBES_TICKS);
        assertTrue(moving > 0, "the run must actually move cubes to prove anything");
    }

    @Test
    void pileSceneRunTwiceWithSameSeedGivesBitIdenticalStates()
    {
        final int moving = assertRunsIdentical(() -> new PileScene(PileScene.DEFAULT_SEED), PILE_TICKS);
        assertTrue(moving > 0, "the run must actually move boxes to prove anything");
    }

    @Test
    void pileSceneWithAnotherSeedDiffers()
    {
        final PileScene a = new PileScene(1L);
        final PileScene b = new PileScene(2L);
        final ObjectStates sa = new ObjectStates(a.objectCount());
        final ObjectStates sb = new ObjectStates(b.objectCount());
        a.readState(sa);
        b.readState(sb);
        assertNotEquals(-1, sa.firstBitDifference(sb));
    }

    /**
     * @return number of objects not at rest at the end of the run.
     */
    private static int assertRunsIdentical(final Supplier<Scene> factory, final int ticks)
    {
        final Scene first = factory.get();
        final Scene second = factory.get();
        final ObjectStates a = new ObjectStates(first.objectCount());
        final ObjectStates b = new ObjectStates(second.objectCount());
        for (int t = 1; t <= ticks; t++)
        {
            first.step();
            second.step();
            if (t % COMPARE_EVERY_TICKS == 0 || t == ticks)
            {
                first.readState(a);
                second.readState(b);
                final int diff = a.firstBitDifference(b);
                assertEquals(-1, diff, () -> "tick " + first.tick() + ": " + a.describe(Math.max(diff, 0)) +
                    " vs " + b.describe(Math.max(diff, 0)));
            }
        }
        int awake = 0;
        for (int i = 0; i < a.count(); i++)
        {
            awake += a.atRest[i] ? 0 : 1;
        }
        return awake;
    }
}
