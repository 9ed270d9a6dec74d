package dev.statesync.codec.priority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SendRateControllerTest
{
    private static final int FRAMING_BITS = 300;

    /** Send {@code snapshots} snapshots at the controller's interval, each needing {@code neededPayloadBits} (scaled by the interval's growth). */
    private static void send(final SendRateController controller, final int snapshots, final double payloadBitsPerTick,
        final double budgetPayloadBits)
    {
        for (int i = 0; i < snapshots; i++)
        {
            final int interval = controller.intervalTicks();
            final double needed = payloadBitsPerTick * Math.pow(interval, SendRateController.DEFAULT_GROWTH_EXPONENT);
            final double budget = budgetPayloadBits * interval;
            final int neededObjects = 100;
            final int sentObjects = needed <= budget ? neededObjects : (int)(neededObjects * budget / needed);
            final double sentBits = Math.min(needed, budget);
            controller.onSent((long)sentBits + FRAMING_BITS, FRAMING_BITS, neededObjects, sentObjects);
        }
    }

    /** 128 kbps, 60 Hz, up to 4 ticks, predicted bits within 95% of the budget, bits growing as interval^0.1. */
    private static SendRateController controller128()
    {
        return new SendRateController(128_000, 60, 4, 0.95, 0.1, 10);
    }

    @Test
    void shouldChooseTheShortestIntervalThePredictionFitsWithTheDefaults()
    {
        final SendRateController controller = new SendRateController(128_000, 60, 4);
        send(controller, 300, 4000, 128_000 / 60.0 - FRAMING_BITS);

        final int chosen = controller.intervalTicks();
        final double allowed = SendRateController.DEFAULT_HEADROOM * 128_000;
        assertTrue(controller.predictedBitsPerSecond(chosen) <= allowed);
        assertTrue(chosen == 1 || controller.predictedBitsPerSecond(chosen - 1) > allowed);
        assertTrue(chosen > 1, "4000 bits a tick do not fit 128 kbps at 60 Hz");
    }

    @Test
    void shouldSendEveryTickWhileTheBudgetCarriesEveryObject()
    {
        final SendRateController controller = new SendRateController(400_000, 60, 4, 0.95, 0.1, 10);
        send(controller, 100, 4000, 400_000 / 60.0 - FRAMING_BITS);

        assertEquals(1, controller.intervalTicks());
        assertEquals(0, controller.changes());
        assertEquals((4000 + FRAMING_BITS) * 60.0, controller.predictedBitsPerSecond(1), 1e-6);
    }

    @Test
    void shouldSendLessOftenWhenTheBudgetLeavesObjectsBehind()
    {
        // 4000 bits a tick of payload need about 260 kbps at 60 Hz; 128 kbps carries them every 3 ticks:
        // (4000 * 3^0.1 + 300) * 20 = 95 kbps <= 0.95 * 128, while every 2 ticks needs 138 kbps.
        final SendRateController controller = controller128();
        send(controller, 200, 4000, 128_000 / 60.0 - FRAMING_BITS);

        assertEquals(3, controller.intervalTicks());
        assertTrue(controller.predictedBitsPerSecond(3) <= 0.95 * 128_000);
        assertTrue(controller.predictedBitsPerSecond(2) > 0.95 * 128_000);
    }

    @Test
    void shouldSendMoreOftenAgainWhenTheSceneQuietens()
    {
        final SendRateController controller = controller128();
        send(controller, 200, 9000, 128_000 / 60.0 - FRAMING_BITS);
        assertEquals(4, controller.intervalTicks(), "even 4 ticks cannot carry 9000 bits a tick: the slowest rate");

        send(controller, 300, 500, 128_000 / 60.0 - FRAMING_BITS);
        assertEquals(1, controller.intervalTicks());
    }

    @Test
    void shouldNotReturnToAFasterRateThatWouldOnlyJustFit()
    {
        final SendRateController controller = controller128();
        send(controller, 200, 3000, 128_000 / 60.0 - FRAMING_BITS);
        assertEquals(2, controller.intervalTicks());

        // Every tick would now need (1600 + 300) * 60 = 114 kbps: within the headroom (121.6) but not within the
        // faster margin (103.4), so the interval stays at 2 instead of flapping back and forth.
        send(controller, 500, 1600, 128_000 / 60.0 - FRAMING_BITS);
        assertEquals(2, controller.intervalTicks());
        assertEquals(1, controller.changes());

        send(controller, 500, 1000, 128_000 / 60.0 - FRAMING_BITS);
        assertEquals(1, controller.intervalTicks());
    }

    @Test
    void shouldRejectMisuse()
    {
        assertThrows(IllegalArgumentException.class, () -> new SendRateController(0, 60, 4));
        assertThrows(IllegalArgumentException.class, () -> new SendRateController(128_000, 60, 0));
        assertThrows(IllegalArgumentException.class, () -> new SendRateController(128_000, 60, 4, 2.5, 0.3, 10));
        final SendRateController controller = controller128();
        assertThrows(IllegalArgumentException.class, () -> controller.onSent(-1, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> controller.predictedBitsPerSecond(0));
    }
}
