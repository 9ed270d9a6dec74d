package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.HoldPredictor;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The sender's resend policy: a state that stopped changing is sent {@code 1 + unchangedRepeats} times, then
 * only once per {@code resendTimeoutTicks} without an ack, and never again once an ack covers it.
 */
class SnapshotResendPolicyTest
{
    private static final int OBJECTS = 3;
    private static final int MOVER = 1;
    private static final int LAST_MOVE_TICK = 5;

    private final StateSchema schema = StateSchema.snapshot3d();
    private final QuantizedStates states = new QuantizedStates(schema, OBJECTS);
    private final byte[] packet = new byte[4096];
    private final BitWriter writer = new BitWriter();
    private SnapshotSender sender;

    private void newSender(final SnapshotConfig config)
    {
        sender = new SnapshotSender(schema, OBJECTS, HoldPredictor.INSTANCE, new ObjectCodec(schema), config);
    }

    /** Encode the tick (the mover moves through {@link #LAST_MOVE_TICK}); @return true if the mover was sent. */
    private boolean encode(final int tick)
    {
        if (tick <= LAST_MOVE_TICK)
        {
            states.set(MOVER, 0, 100 * tick);
        }
        writer.wrap(new UnsafeBuffer(packet), 0, packet.length);
        final int count = sender.encode(tick, states, null, 0, Integer.MAX_VALUE, writer, tick);
        for (int i = 0; i < count; i++)
        {
            if (sender.includedObjects()[i] == MOVER)
            {
                return true;
            }
        }
        return false;
    }

    @Property(tries = 30)
    void stoppedObjectIsSentOnePlusRepeatsTimesThenOncePerTimeoutWhileUnacked(
        @ForAll @IntRange(max = 6) final int repeats, @ForAll @IntRange(min = 1, max = 20) final int timeoutTicks)
    {
        newSender(new SnapshotConfig().unchangedRepeats(repeats).resendTimeoutTicks(timeoutTicks));
        final List<Integer> sentTicks = new ArrayList<>();
        final List<Integer> expected = new ArrayList<>();
        for (int tick = 1; tick <= 120; tick++)
        {
            if (encode(tick))
            {
                sentTicks.add(tick);
            }
        }
        // Every changing tick, then the final state (first sent at LAST_MOVE_TICK) on repeats more ticks...
        final int lastRepeat = LAST_MOVE_TICK + repeats;
        for (int tick = 1; tick <= Math.min(lastRepeat, 120); tick++)
        {
            expected.add(tick);
        }
        // ...then once every timeout after its previous send.
        for (int tick = lastRepeat + timeoutTicks; tick <= 120; tick += timeoutTicks)
        {
            expected.add(tick);
        }

        assertEquals(expected, sentTicks);
        assertTrue(sender.needsSending(MOVER, states), "still not provably received");
    }

    @Example
    void defaultsSendAStoppedObjectTwiceThenAfterTwelveTicks()
    {
        newSender(new SnapshotConfig());
        final List<Integer> sentTicks = new ArrayList<>();
        for (int tick = 1; tick <= 30; tick++)
        {
            if (encode(tick))
            {
                sentTicks.add(tick);
            }
        }

        assertEquals(List.of(1, 2, 3, 4, 5, 6, 18, 30), sentTicks);
        // The mover at 18 and 30; the two still objects, sent at 1 and 2, at 14 and 26.
        assertEquals(2 + 2 * 2, sender.timeoutResends());
    }

    @Example
    void objectCoveredByAnAckIsNeverSentAgainNotEvenAtTheTimeout()
    {
        newSender(new SnapshotConfig().unchangedRepeats(1).resendTimeoutTicks(4));
        for (int tick = 1; tick <= LAST_MOVE_TICK + 1; tick++)
        {
            assertTrue(encode(tick), "tick " + tick);
        }
        sender.onAcked(LAST_MOVE_TICK); // the first packet with the final state; the second one is lost
        for (int tick = LAST_MOVE_TICK + 2; tick <= 200; tick++)
        {
            assertFalse(encode(tick), "tick " + tick);
        }
        assertFalse(sender.needsSending(MOVER, states));
    }

    @Example
    void ackArrivingWhileWaitingStopsTheTimeoutResend()
    {
        newSender(new SnapshotConfig().unchangedRepeats(0).resendTimeoutTicks(10));
        for (int tick = 1; tick <= LAST_MOVE_TICK + 3; tick++)
        {
            assertEquals(tick <= LAST_MOVE_TICK, encode(tick), "tick " + tick);
        }
        sender.onAcked(LAST_MOVE_TICK);
        for (int tick = LAST_MOVE_TICK + 4; tick <= 100; tick++)
        {
            assertFalse(encode(tick), "tick " + tick);
        }
    }

    @Example
    void ackOfAnEarlierDifferentStateDoesNotStopTheTimeoutResend()
    {
        newSender(new SnapshotConfig().unchangedRepeats(1).resendTimeoutTicks(8));
        for (int tick = 1; tick <= LAST_MOVE_TICK + 1; tick++)
        {
            assertTrue(encode(tick), "tick " + tick);
        }
        sender.onAcked(LAST_MOVE_TICK - 1); // a moving state: the receiver may still lack the final one
        for (int tick = LAST_MOVE_TICK + 2; tick < LAST_MOVE_TICK + 1 + 8; tick++)
        {
            assertFalse(encode(tick), "tick " + tick);
        }
        assertTrue(encode(LAST_MOVE_TICK + 1 + 8), "sent again at the timeout");
    }

    @Example
    void changedStateIsSentAtOnceAndStartsANewCount()
    {
        newSender(new SnapshotConfig().unchangedRepeats(1).resendTimeoutTicks(50));
        for (int tick = 1; tick <= 10; tick++)
        {
            assertEquals(tick <= LAST_MOVE_TICK + 1, encode(tick), "tick " + tick);
        }
        states.set(MOVER, 1, 7); // moves once more, while the previous state still waits for an ack
        assertTrue(encode(11));
        assertTrue(encode(12), "the new state gets its own repeat");
        assertFalse(encode(13));
    }

    @Example
    void runtimeTimeoutTakesEffectAtTheNextPrepare()
    {
        newSender(new SnapshotConfig().unchangedRepeats(0).resendTimeoutTicks(100));
        for (int tick = 1; tick <= 10; tick++)
        {
            assertEquals(tick <= LAST_MOVE_TICK, encode(tick), "tick " + tick);
        }
        sender.resendTimeoutTicks(6);

        assertEquals(6, sender.resendTimeoutTicks());
        assertTrue(encode(11), "6 ticks after its last send at tick 5");
        assertFalse(encode(12));
        assertThrows(IllegalArgumentException.class, () -> sender.resendTimeoutTicks(0));
    }

    @Example
    void largeRepeatCountRestoresSendingEveryTickUntilAcked()
    {
        newSender(new SnapshotConfig().unchangedRepeats(Integer.MAX_VALUE).resendTimeoutTicks(1_000));
        for (int tick = 1; tick <= 300; tick++)
        {
            assertTrue(encode(tick), "tick " + tick);
        }
        sender.onAcked(300);
        assertFalse(encode(301));
        assertEquals(0, sender.heldForAck());
    }

    @Example
    void lostFinalStateIsDeliveredAtTheTimeout()
    {
        final SnapshotConfig config = new SnapshotConfig().unchangedRepeats(1).resendTimeoutTicks(9);
        newSender(config);
        final SnapshotReceiver receiver = new SnapshotReceiver(schema, OBJECTS, HoldPredictor.INSTANCE, new ObjectCodec(schema), config);
        final BitReader reader = new BitReader();
        int delivered = 0;
        for (int tick = 1; tick <= 40; tick++)
        {
            final boolean sent = encode(tick);
            // Both packets carrying the final state are lost; every other packet arrives and is acked.
            if (tick != LAST_MOVE_TICK && tick != LAST_MOVE_TICK + 1)
            {
                reader.wrap(new UnsafeBuffer(packet), 0, writer.bytesWritten());
                assertEquals(DecodeResult.OK, receiver.decode(reader, tick));
                sender.onAcked(tick);
                delivered += sent ? 1 : 0;
            }
            if (tick >= LAST_MOVE_TICK)
            {
                assertEquals(tick >= LAST_MOVE_TICK + 1 + 9, receiver.states().sameObject(MOVER, states), "tick " + tick);
            }
        }
        assertEquals((LAST_MOVE_TICK - 1) + 1, delivered, "the moving states but the last, then one resend");
        assertFalse(sender.needsSending(MOVER, states));
    }

    @Example
    void configRefusesInvalidValuesWithTheirNames()
    {
        final IllegalArgumentException repeats =
            assertThrows(IllegalArgumentException.class, () -> new SnapshotConfig().unchangedRepeats(-1));
        assertEquals("unchangedRepeats must be >= 0, got -1", repeats.getMessage());
        final IllegalArgumentException timeout =
            assertThrows(IllegalArgumentException.class, () -> new SnapshotConfig().resendTimeoutTicks(0));
        assertEquals("resendTimeoutTicks must be > 0, got 0", timeout.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SnapshotConfig().resendTimeoutTicks(-5));

        final SnapshotConfig defaults = new SnapshotConfig();
        assertEquals(SnapshotConfig.DEFAULT_UNCHANGED_REPEATS, defaults.unchangedRepeats());
        assertEquals(1, defaults.unchangedRepeats());
        assertEquals(SnapshotConfig.DEFAULT_RESEND_TIMEOUT_TICKS, defaults.resendTimeoutTicks());
        assertEquals(12, defaults.resendTimeoutTicks());
        final SnapshotConfig set = new SnapshotConfig().unchangedRepeats(0).resendTimeoutTicks(1);
        assertEquals(0, set.unchangedRepeats());
        assertEquals(1, set.resendTimeoutTicks());
    }
}
