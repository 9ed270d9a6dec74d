package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * Corner repeats never stall a budgeted link. Here every object zigzags (a bend every 3 ticks) and every third packet
 * is lost, so the objects want far more repeats than a packet holds. The fill may leave the repeats
 * at most half the budget: every packet still carries objects. (Before that bound, a fill that reserved the repeats'
 * bits first left no room for any object once they passed the budget: nothing went out, nothing was acked, and the
 * repeats wanted only grew; the cubes run at 128 kbps showed 17.6 m in such a stall.)
 */
class CornerRepeatBudgetTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int OBJECTS = 300;
    private static final int CAPACITY_BYTES = 120;

    @Test
    void everyPacketShouldCarryObjectsHoweverManyRepeatsAreWanted()
    {
        final SnapshotSender sender = new SnapshotSender(SCHEMA, OBJECTS, HoldPredictor.INSTANCE, new ObjectCodec(SCHEMA),
            new SnapshotConfig().rangeCoded(true).cornerRepeatMaxAgeTicks(20));
        final QuantizedStates states = new QuantizedStates(SCHEMA, OBJECTS);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[CAPACITY_BYTES]);
        final int[] order = new int[OBJECTS];
        final int step = SCHEMA.positionUnitsPerMetre() / 4;
        int wanting = 0;
        for (int tick = 1; tick <= 120; tick++)
        {
            for (int i = 0; i < OBJECTS; i++)
            {
                // Zigzag: x climbs, y alternates direction every 3 ticks (a bend of 25 cm a tick).
                states.set(i, 0, (tick * step) % (60 * step) - 30 * step + i);
                states.set(i, 1, ((tick / 3) % 2 == 0 ? 1 : -1) * (tick % 3) * step);
                states.set(i, SCHEMA.atRestOffset(), 0);
            }
            sender.observeTick(tick, states);
            int n = 0;
            for (int i = 0; i < OBJECTS; i++)
            {
                if (sender.wantsCornerRepeat(i, tick))
                {
                    order[n++] = i;
                    wanting++;
                }
            }
            for (int i = 0; i < OBJECTS; i++)
            {
                if (!sender.wantsCornerRepeat(i, tick))
                {
                    order[n++] = i;
                }
            }
            sender.encodeFramed(tick, states, order, n, buffer, 0, CAPACITY_BYTES, tick & 0xFFFF);
            // Acks 4 ticks later, every third packet lost.
            if (tick > 4 && (tick - 4) % 3 != 0)
            {
                sender.onAcked((tick - 4) & 0xFFFF);
            }
            if (tick > 30)
            {
                assertTrue(sender.includedCount() > 0, "tick " + tick + ": a packet with no object");
            }
        }
        assertTrue(wanting > 1_000, "objects wanting a repeat " + wanting);
        assertTrue(sender.previousStatesSent() > 0, "repeats sent " + sender.previousStatesSent());
    }
}
