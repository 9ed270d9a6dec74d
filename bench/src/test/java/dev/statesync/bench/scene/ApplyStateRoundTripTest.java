package dev.statesync.bench.scene;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "Quantize both sides" needs exact writes: applyState followed by readState returns the written values
 * bit for bit.
 */
class ApplyStateRoundTripTest
{
    private static final long SEED = 42L;
    /** Quantized position resolution of the quantize-both-sides mode (Fiedler's state synchronization demo: 4096 units per metre), units per metre. */
    private static final float POSITION_UNITS_PER_M = 4096f;
    /** Quantized velocity resolution, units per m/s. */
    private static final float VELOCITY_UNITS_PER_M_PER_S = 32f;

    @Test
    void cubesSceneReadsBackWrittenAwakeStatesBitExactly()
    {
        final CubesScene scene = steppedCubes();
        final ObjectStates written = randomStates(scene, new SplittableRandom(SEED), false);
        scene.applyStates(written);
        final ObjectStates read = new ObjectStates(scene.objectCount());
        scene.readState(read);

        assertIdentical(written, read);
    }

    @Test
    void cubesSceneReadsBackWrittenRestingStatesBitExactly()
    {
        final CubesScene scene = steppedCubes();
        final ObjectStates written = randomStates(scene, new SplittableRandom(SEED + 1), true);
        scene.applyStates(written);
        final ObjectStates read = new ObjectStates(scene.objectCount());
        scene.readState(read);

        assertIdentical(written, read);
    }

    @Test
    void cubesSceneQuantizeBothSidesLoopStaysBitIdenticalAcrossTwoInstances()
    {
        final CubesScene authority = new CubesScene();
        final CubesScene replica = new CubesScene();
        final ObjectStates state = new ObjectStates(authority.objectCount());
        final ObjectStates replicaState = new ObjectStates(replica.objectCount());
        for (int t = 0; t < 60; t++)
        {
            authority.step();
            replica.step();
            authority.readState(state);
            quantize(state);
            authority.applyStates(state);
            replica.applyStates(state);
            replica.readState(replicaState);
            assertEquals(-1, state.firstBitDifference(replicaState), "tick " + t);
        }
    }

    @Test
    void pileSceneReadsBackWrittenAwakeStatesBitExactly()
    {
        final PileScene scene = steppedPile();
        final ObjectStates written = randomStates(scene, new SplittableRandom(SEED), false);
        scene.applyStates(written);
        final ObjectStates read = new ObjectStates(scene.objectCount());
        scene.readState(read);

        assertIdentical(written, read);
    }

    @Test
    void pileSceneSleepsWrittenRestingStatesWithZeroVelocity()
    {
        final PileScene scene = steppedPile();
        final ObjectStates written = randomStates(scene, new SplittableRandom(SEED + 1), true);
        scene.applyStates(written);
        final ObjectStates read = new ObjectStates(scene.objectCount());
        scene.readState(read);

        for (int i = 0; i < read.count(); i++)
        {
            assertTrue(read.atRest[i]);
            assertEquals(Float.floatToIntBits(written.posX[i]), Float.floatToIntBits(read.posX[i]));
            assertEquals(Float.floatToIntBits(written.posY[i]), Float.floatToIntBits(read.posY[i]));
            assertEquals(Float.floatToIntBits(written.angle[i]), Float.floatToIntBits(read.angle[i]));
            assertEquals(0f, read.linX[i]);
            assertEquals(0f, read.linY[i]);
            assertEquals(0f, read.angZ[i]);
        }
    }

    private static CubesScene steppedCubes()
    {
        final CubesScene scene = new CubesScene();
        for (int t = 0; t < 30; t++)
        {
            scene.step();
        }
        return scene;
    }

    private static PileScene steppedPile()
    {
        final PileScene scene = new PileScene(PileScene.DEFAULT_SEED);
        for (int t = 0; t < 30; t++)
        {
            scene.step();
        }
        return scene;
    }

    /**
     * Random quantized states: positions on the 1/4096 m grid, velocities on the 1/32 m/s grid, rotations
     * as float unit quaternions (3D) or float angles (2D); resting objects get zero velocities.
     */
    private static ObjectStates randomStates(final Scene scene, final SplittableRandom random, final boolean atRest)
    {
        final ObjectStates s = new ObjectStates(scene.objectCount());
        s.count(scene.objectCount());
        for (int i = 0; i < s.count(); i++)
        {
            s.posX[i] = grid(random.nextDouble(-20, 20), POSITION_UNITS_PER_M);
            s.posY[i] = grid(random.nextDouble(0.2, 20), POSITION_UNITS_PER_M);
            s.atRest[i] = atRest;
            final float speedScale = atRest ? 0f : 1f;
            s.linX[i] = speedScale * grid(random.nextDouble(-20, 20), VELOCITY_UNITS_PER_M_PER_S);
            s.linY[i] = speedScale * grid(random.nextDouble(-20, 20), VELOCITY_UNITS_PER_M_PER_S);
            if (scene.is3d())
            {
                s.posZ[i] = grid(random.nextDouble(0.2, 20), POSITION_UNITS_PER_M);
                s.linZ[i] = speedScale * grid(random.nextDouble(-20, 20), VELOCITY_UNITS_PER_M_PER_S);
                s.angX[i] = speedScale * grid(random.nextDouble(-10, 10), VELOCITY_UNITS_PER_M_PER_S);
                s.angY[i] = speedScale * grid(random.nextDouble(-10, 10), VELOCITY_UNITS_PER_M_PER_S);
                s.angZ[i] = speedScale * grid(random.nextDouble(-10, 10), VELOCITY_UNITS_PER_M_PER_S);
                randomUnitQuaternion(random, s, i);
            }
            else
            {
                s.angle[i] = (float)random.nextDouble(-Math.PI, Math.PI);
                s.rotZ[i] = (float)StrictMath.sin(0.5 * s.angle[i]);
                s.rotW[i] = (float)StrictMath.cos(0.5 * s.angle[i]);
                s.angZ[i] = speedScale * grid(random.nextDouble(-10, 10), VELOCITY_UNITS_PER_M_PER_S);
            }
        }
        return s;
    }

    private static void randomUnitQuaternion(final SplittableRandom random, final ObjectStates s, final int i)
    {
        final double x = random.nextDouble(-1, 1);
        final double y = random.nextDouble(-1, 1);
        final double z = random.nextDouble(-1, 1);
        final double w = random.nextDouble(-1, 1);
        final double length = Math.sqrt(x * x + y * y + z * z + w * w);
        s.rotX[i] = (float)(x / length);
        s.rotY[i] = (float)(y / length);
        s.rotZ[i] = (float)(z / length);
        s.rotW[i] = (float)(w / length);
    }

    private static float grid(final double value, final float unitsPerValue)
    {
        return Math.round(value * unitsPerValue) / unitsPerValue;
    }

    /**
     * The authority's quantization in the quantize-both-sides mode, for the loop test.
     */
    private static void quantize(final ObjectStates s)
    {
        for (int i = 0; i < s.count(); i++)
        {
            s.posX[i] = grid(s.posX[i], POSITION_UNITS_PER_M);
            s.posY[i] = grid(s.posY[i], POSITION_UNITS_PER_M);
            s.posZ[i] = grid(s.posZ[i], POSITION_UNITS_PER_M);
            s.linX[i] = grid(s.linX[i], VELOCITY_UNITS_PER_M_PER_S);
            s.linY[i] = grid(s.linY[i], VELOCITY_UNITS_PER_M_PER_S);
            s.linZ[i] = grid(s.linZ[i], VELOCITY_UNITS_PER_M_PER_S);
            s.angX[i] = grid(s.angX[i], VELOCITY_UNITS_PER_M_PER_S);
            s.angY[i] = grid(s.angY[i], VELOCITY_UNITS_PER_M_PER_S);
            s.angZ[i] = grid(s.angZ[i], VELOCITY_UNITS_PER_M_PER_S);
        }
    }

    private static void assertIdentical(final ObjectStates written, final ObjectStates read)
    {
        final int diff = written.firstBitDifference(read);
        assertEquals(-1, diff, () -> "written " + written.describe(Math.max(diff, 0)) + "\nread    " +
            read.describe(Math.max(diff, 0)));
    }
}
