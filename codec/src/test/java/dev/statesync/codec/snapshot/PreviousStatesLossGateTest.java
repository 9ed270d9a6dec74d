package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * Previous-tick states follow the link's measured loss with hysteresis: a sender told its link is clean stops
 * repeating them (fewer bits, nothing else changes), one told the link loses packets again repeats them, and the
 * band between the two thresholds keeps whichever it was doing.
 */
class PreviousStatesLossGateTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int OBJECTS = 3;

    private static SnapshotSender sender()
    {
        return new SnapshotSender(SCHEMA, OBJECTS, new LinearExtrapolationPredictor(true), new ObjectCodec(SCHEMA),
            new SnapshotConfig());
    }

    @Test
    void theGateShouldOpenAndCloseWithHysteresis()
    {
        final SnapshotSender sender = sender();
        assertTrue(sender.repeatsPreviousStates(), "open until told the loss");
        sender.linkLossPercent(Double.NaN);
        assertTrue(sender.repeatsPreviousStates(), "not measured: unchanged");
        sender.linkLossPercent(PreviousStatePolicy.LOSS_OFF_PERCENT);
        assertTrue(sender.repeatsPreviousStates(), "at the lower threshold: still open");
        sender.linkLossPercent(0.0);
        assertFalse(sender.repeatsPreviousStates(), "a clean link closes it");
        sender.linkLossPercent(0.9);
        assertFalse(sender.repeatsPreviousStates(), "between the thresholds: stays closed");
        sender.linkLossPercent(PreviousStatePolicy.LOSS_ON_PERCENT);
        assertTrue(sender.repeatsPreviousStates(), "at the upper threshold: open again");
        sender.linkLossPercent(0.6);
        assertTrue(sender.repeatsPreviousStates(), "between the thresholds: stays open");
        sender.linkLossPercent(0.0);
        sender.reset();
        assertTrue(sender.repeatsPreviousStates(), "a reset forgets the loss");

        final SnapshotSender off = new SnapshotSender(SCHEMA, OBJECTS, new LinearExtrapolationPredictor(true),
            new ObjectCodec(SCHEMA), new SnapshotConfig().previousStateBlendErrorM(Double.POSITIVE_INFINITY));
        off.linkLossPercent(50);
        assertFalse(off.repeatsPreviousStates(), "turned off in the config: never");
    }

    @Test
    void aCleanLinkShouldCarryNoPreviousStatesAndALossyOneShould()
    {
        final SnapshotSender lossy = sender();
        final SnapshotSender clean = sender();
        lossy.linkLossPercent(5.0);
        clean.linkLossPercent(0.0);
        final int lossyBits = bounce(lossy);
        final int cleanBits = bounce(clean);
        assertTrue(lossy.previousStatesSent() > 0, "a bounce on a lossy link is repeated");
        assertEquals(0, clean.previousStatesSent(), "on a clean link it is not");
        assertTrue(cleanBits < lossyBits, "and costs fewer bits: " + cleanBits + " < " + lossyBits);
        assertEquals(lossy.objectsSent(), clean.objectsSent(), "the same objects go out either way");
    }

    /**
     * Object 0 moves +x 40 units a tick and bounces back at tick 10; every packet acked 4 ticks after it was sent (a
     * packet naming the one just before it would repeat nothing: its replica holds that one).
     */
    private static int bounce(final SnapshotSender sender)
    {
        final QuantizedStates states = new QuantizedStates(SCHEMA, OBJECTS);
        final byte[] bytes = new byte[4096];
        int bits = 0;
        for (int tick = 1; tick <= 14; tick++)
        {
            states.set(0, 0, tick <= 10 ? 40 * tick : 40 * (20 - tick));
            states.set(0, SCHEMA.atRestOffset(), 0);
            final BitWriter writer = new BitWriter(new UnsafeBuffer(bytes), 0, bytes.length);
            sender.encode(tick, states, null, 0, Integer.MAX_VALUE, writer, tick);
            bits += writer.bitsWritten();
            if (tick > 4)
            {
                sender.onAcked(tick - 4);
            }
        }
        return bits;
    }
}
