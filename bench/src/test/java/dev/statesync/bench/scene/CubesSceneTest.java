package dev.statesync.bench.scene;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CubesSceneTest
{
    @Test
    void shouldStartWithPlayerInTheAirAndCubesAsleepInTheGrid()
    {
        final CubesScene scene = new CubesScene();
        final ObjectStates s = new ObjectStates(scene.objectCount());
        scene.readState(s);

        assertEquals(901, s.count());
        assertTrue(scene.is3d());
        assertEquals(60, scene.tickRateHz());
        assertEquals(10f, s.posZ[CubesScene.PLAYER]);
        assertFalse(s.atRest[CubesScene.PLAYER]);
        for (int i = 1; i < s.count(); i++)
        {
            assertTrue(s.atRest[i], "cube " + i + " asleep");
            assertEquals(0.2f, s.posZ[i]);
            assertEquals(1f, s.rotW[i]);
        }
        assertEquals(-14.5f, s.posX[1]);
        assertEquals(-14.5f, s.posY[1]);
        assertEquals(14.5f, s.posX[900]);
        assertEquals(14.5f, s.posY[900]);
        assertEquals(-13.5f, s.posX[2]);
        assertEquals(-14.5f, s.posY[2]);
    }

    @Test
    void shouldHoverPlayerAndThrowCubesAsideWhilePushing()
    {
        final CubesScene scene = new CubesScene();
        final ObjectStates s = new ObjectStates(scene.objectCount());
        final QuantizedChangeCounter counter = new QuantizedChangeCounter(scene.objectCount());
        scene.readState(s);
        counter.update(s);
        long changed = 0;
        for (int t = 0; t < 120; t++)
        {
            scene.step();
            scene.readState(s);
            changed += counter.update(s);
        }

        assertTrue(scene.lastInput().push, "the script holds push");
        assertTrue(s.posZ[CubesScene.PLAYER] > 1.0f && s.posZ[CubesScene.PLAYER] < 5.0f,
            "player hovers: z = " + s.posZ[CubesScene.PLAYER]);
        int awakeCubes = 0;
        for (int i = 1; i < s.count(); i++)
        {
            awakeCubes += s.atRest[i] ? 0 : 1;
        }
        assertTrue(awakeCubes > 20, "cubes woken by the push: " + awakeCubes);
        assertTrue(changed / 120.0 > 30, "changed objects per tick: " + changed / 120.0);
    }
}
