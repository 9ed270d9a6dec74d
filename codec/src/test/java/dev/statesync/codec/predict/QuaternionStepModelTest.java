package dev.statesync.codec.predict;

import dev.statesync.codec.snapshot.RandomStates;

import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import dev.statesync.codec.quantize.SmallestThree;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

class QuaternionStepModelTest
{
    @Property(tries = 2000)
    void loadThenStoreWithoutAStepGivesTheCodesOfTheDecodedQuaternionAfterTheEnginesNormalize(@ForAll final long seed)
    {
        final StateSchema schema = StateSchema.highPrecision3d();
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] record = new int[schema.stride()];
        RandomStates.randomRecord(schema, random, record, 0);
        final int rot = schema.rotationOffset();

        // What happens in the authority and its engine: decode to floats, write them (ode4j normalizes in
        // double: divide by the largest magnitude, then by the length), read them back as floats, encode.
        final SmallestThree codec = new SmallestThree(schema.rotationBits());
        final int centre = codec.zeroCode();
        final int[] codes = {record[rot], record[rot + 1] + centre, record[rot + 2] + centre, record[rot + 3] + centre};
        final float[] q = new float[4];
        codec.decode(codes, 0, q, 0);
        double largest = 0;
        for (final float component : q)
        {
            largest = Math.max(largest, Math.abs((double)component));
        }
        final double[] engine = new double[4];
        double lengthSquared = 0;
        for (int i = 0; i < 4; i++)
        {
            engine[i] = q[i] * (1 / largest);
            lengthSquared += engine[i] * engine[i];
        }
        final double inverseLength = 1. / Math.sqrt(lengthSquared);
        for (int i = 0; i < 4; i++)
        {
            q[i] = (float)(engine[i] * inverseLength);
        }
        final int[] expected = new int[4];
        codec.encode(q, 0, expected, 0);

        final QuaternionStepModel model = new QuaternionStepModel(schema.rotationBits(), 4096, 60);
        final int[] actual = record.clone();
        model.load(actual, rot);
        model.store(actual, rot);

        if (nearTieForLargest(q))
        {
            // Two components equal to within float precision: either may be "largest" (the engine's double
            // arithmetic and the model's fixed point may pick differently); both codes are the same rotation.
            final float[] fromModel = new float[4];
            codec.decode(new int[]{actual[rot], actual[rot + 1] + centre, actual[rot + 2] + centre, actual[rot + 3] + centre},
                0, fromModel, 0);
            final float[] fromEngine = new float[4];
            codec.decode(expected, 0, fromEngine, 0);
            double dot = 0;
            for (int i = 0; i < 4; i++)
            {
                dot += (double)fromModel[i] * fromEngine[i];
            }
            assertTrue(Math.abs(dot) > 1 - 1e-6, "same rotation, |dot| = " + Math.abs(dot));
            return;
        }
        assertArrayEquals(new int[]{expected[0], expected[1] - centre, expected[2] - centre, expected[3] - centre},
            new int[]{actual[rot], actual[rot + 1], actual[rot + 2], actual[rot + 3]});
    }

    private static boolean nearTieForLargest(final float[] q)
    {
        final double[] magnitudes = new double[4];
        for (int i = 0; i < 4; i++)
        {
            magnitudes[i] = Math.abs((double)q[i]);
        }
        java.util.Arrays.sort(magnitudes);
        return magnitudes[3] - magnitudes[2] < 1e-6;
    }

    @Example
    void roundsToFloatWithTiesToEven()
    {
        final long one = 1L << 60;
        assertEquals(one, QuaternionStepModel.roundToFloat(one + (1L << 35)), "half an ulp above 1 rounds to even 1");
        assertEquals(one + (1L << 37), QuaternionStepModel.roundToFloat(one + (3L << 35)), "1.5 ulp rounds up to 2 ulp");
        assertEquals(-one, QuaternionStepModel.roundToFloat(-one - (1L << 35)));
        assertEquals(0, QuaternionStepModel.roundToFloat(0));
    }
}
