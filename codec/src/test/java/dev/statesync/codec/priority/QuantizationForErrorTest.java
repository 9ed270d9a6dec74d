package dev.statesync.codec.priority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.statesync.codec.quantize.StateQuantizer;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class QuantizationForErrorTest
{
    @Test
    void shouldChooseTheCoarsestPrecisionWithinTheShareOfTheTarget()
    {
        assertEquals(128, QuantizationForError.positionUnitsPerMetre(0.02, 0.6), "6.8 mm <= 12 mm, 13.5 mm is not");
        assertEquals(256, QuantizationForError.positionUnitsPerMetre(0.02, 1.0 / 3), "3.4 mm <= 6.7 mm, 6.8 mm is not");
        assertEquals(8, QuantizationForError.rotationBits(2, 0.6), "1.11 deg <= 1.2 deg, 2.23 deg is not");
        assertEquals(9, QuantizationForError.rotationBits(2, 1.0 / 3));
        assertEquals(7, QuantizationForError.rotationBits(4, 0.6));
        assertEquals(QuantizationForError.FINEST_POSITION_UNITS_PER_M, QuantizationForError.positionUnitsPerMetre(1e-4, 0.6),
            "never finer than Fiedler's");
        assertEquals(QuantizationForError.COARSEST_POSITION_UNITS_PER_M, QuantizationForError.positionUnitsPerMetre(10, 1));
        assertEquals(QuantizationForError.FINEST_ROTATION_BITS, QuantizationForError.rotationBits(0.01, 0.6));
        assertEquals(QuantizationForError.COARSEST_ROTATION_BITS, QuantizationForError.rotationBits(90, 1));
    }

    @Test
    void shouldBoundTheErrorsTheQuantizerActuallyMakes()
    {
        for (final int[] precision : new int[][]{{512, 9}, {128, 7}, {64, 6}})
        {
            final StateSchema schema = StateSchema.builder3d().velocities(false).positionUnitsPerMetre(precision[0])
                .rotationBits(precision[1]).build();
            final StateQuantizer quantizer = new StateQuantizer(schema, 1);
            final QuantizedStates states = new QuantizedStates(schema, 1);
            final SplittableRandom random = new SplittableRandom(precision[0]);
            final float[] in = new float[StateQuantizer.FLOATS_3D];
            final float[] out = new float[StateQuantizer.FLOATS_3D];
            double worstPosition = 0;
            double worstRotationDeg = 0;
            for (int i = 0; i < 20_000; i++)
            {
                in[0] = (float)random.nextDouble(-20, 20);
                in[1] = (float)random.nextDouble(-20, 20);
                in[2] = (float)random.nextDouble(0, 10);
                double norm = 0;
                for (int c = 3; c < 7; c++)
                {
                    in[c] = (float)random.nextGaussian();
                    norm += in[c] * in[c];
                }
                for (int c = 3; c < 7; c++)
                {
                    in[c] /= (float)Math.sqrt(norm);
                }
                quantizer.quantize(0, in, 0, states);
                quantizer.dequantize(states, 0, out, 0);
                worstPosition = Math.max(worstPosition,
                    Math.sqrt(sq(in[0] - out[0]) + sq(in[1] - out[1]) + sq(in[2] - out[2])));
                double dot = 0;
                for (int c = 3; c < 7; c++)
                {
                    dot += (double)in[c] * out[c];
                }
                worstRotationDeg = Math.max(worstRotationDeg, Math.toDegrees(2 * Math.acos(Math.min(1, Math.abs(dot)))));
            }
            assertTrue(worstPosition <= QuantizationForError.worstPositionErrorM(precision[0]) * 1.001,
                precision[0] + " units/m: " + worstPosition);
            assertTrue(worstRotationDeg <= QuantizationForError.worstRotationErrorDeg(precision[1]) * 1.001,
                precision[1] + " bits: " + worstRotationDeg);
            assertTrue(worstRotationDeg > QuantizationForError.worstRotationErrorDeg(precision[1]) / 4,
                "the bound is not vacuous: " + worstRotationDeg);
        }
    }

    @Test
    void shouldRejectBadTargets()
    {
        assertThrows(IllegalArgumentException.class, () -> QuantizationForError.positionUnitsPerMetre(0, 0.5));
        assertThrows(IllegalArgumentException.class, () -> QuantizationForError.rotationBits(2, 1.5));
    }

    private static double sq(final double x)
    {
        return x * x;
    }
}
