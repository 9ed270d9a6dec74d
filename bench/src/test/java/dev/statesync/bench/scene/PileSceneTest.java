package dev.statesync.bench.scene;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PileSceneTest
{
    @Test
    void shouldHoldPlayerPlusThreeHundredBoxesIn2d()
    {
        final PileScene scene = new PileScene(PileScene.DEFAULT_SEED);
        final ObjectStates s = new ObjectStates(scene.objectCount());
        scene.readState(s);

        assertEquals(301, s.count());
        assertFalse(scene.is3d());
        for (int i = 0; i < s.count(); i++)
        {
            assertEquals(0f, s.posZ[i]);
            assertEquals(0f, s.rotX[i]);
            assertEquals(0f, s.rotY[i]);
            assertEquals((float)StrictMath.sin(0.5 * s.angle[i]), s.rotZ[i]);
        }
    }

    @Test
    void shouldLetTheStacksFallAsleepBeforeThePlayerDrives()
    {
        final PileScene scene = new PileScene(PileScene.DEFAULT_SEED);
        final ObjectStates s = new ObjectStates(scene.objectCount());
        for (int t = 0; t < 300; t++)
        {
            scene.step();
        }
        scene.readState(s);

        assertFalse(PileScene.isDriving(scene.tick()), "still in the resting phase");
        assertTrue(s.atRest[PileScene.PLAYER], "parked player asleep");
        final int stackBoxes = PileSceneConfig.STACK_COUNT * PileSceneConfig.STACK_HEIGHT;
        for (int i = 1; i <= stackBoxes; i++)
        {
            assertTrue(s.atRest[i], "stack box " + i + " asleep: " + s.describe(i));
            assertEquals(0f, s.linX[i]);
            assertEquals(0f, s.angZ[i]);
        }
    }

    @Test
    void shouldDriveThePlayerIntoTheStacksAndWakeThem()
    {
        final PileScene scene = new PileScene(PileScene.DEFAULT_SEED);
        final ObjectStates before = new ObjectStates(scene.objectCount());
        final ObjectStates after = new ObjectStates(scene.objectCount());
        while (scene.tick() < PileSceneConfig.DRIVE_RIGHT_START_TICK)
        {
            scene.step();
        }
        scene.readState(before);
        for (int t = 0; t < 240; t++)
        {
            scene.step();
        }
        scene.readState(after);

        assertTrue(after.posX[PileScene.PLAYER] - before.posX[PileScene.PLAYER] > 8f,
            "player drove right: " + before.posX[PileScene.PLAYER] + " -> " + after.posX[PileScene.PLAYER]);
        int moved = 0;
        for (int i = 1; i < after.count(); i++)
        {
            moved += Math.abs(after.posX[i] - before.posX[i]) > 0.1f ? 1 : 0;
        }
        assertTrue(moved >= 12, "boxes pushed: " + moved);
    }

    @Test
    void shouldBringEveryBodyToRestBetweenTheDrives()
    {
        final PileScene scene = new PileScene(PileScene.DEFAULT_SEED);
        final ObjectStates s = new ObjectStates(scene.objectCount());
        final QuantizedChangeCounter counter = new QuantizedChangeCounter(scene.objectCount());
        while (scene.tick() < PileSceneConfig.DRIVE_LEFT_START_TICK - 60)
        {
            scene.step();
        }
        scene.readState(s);
        counter.update(s);
        int changed = 0;
        while (scene.tick() < PileSceneConfig.DRIVE_LEFT_START_TICK)
        {
            scene.step();
            scene.readState(s);
            changed += counter.update(s);
        }

        for (int i = 0; i < s.count(); i++)
        {
            assertTrue(s.atRest[i], "asleep: " + s.describe(i));
        }
        assertEquals(0, changed, "nothing moves for the last second before the drive back");
    }
}
