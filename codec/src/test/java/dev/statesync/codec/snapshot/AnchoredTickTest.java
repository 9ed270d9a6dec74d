package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * Anchored ticks through the whole codec ({@link SnapshotSender} to {@link SnapshotReceiver}), bitpacked and
 * range-coded, across the 16-bit sequence wrap: a late packet decodes to its own tick, a receiver without the anchor
 * refuses the packet and changes nothing, and a sender whose acks stop sends whole ticks again.
 */
class AnchoredTickTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int OBJECTS = 12;
    /** Sequence of tick 1: the run wraps at 65535 a few packets in. */
    private static final int FIRST_SEQUENCE = 65_530;
    private static final int ACK_DELAY_TICKS = 4;

    private final Predictor predictor = new LinearExtrapolationPredictor(false);
    private final QuantizedStates states = new QuantizedStates(SCHEMA, OBJECTS);
    private final SplittableRandom random = new SplittableRandom(7);
    private final byte[][] packets = new byte[120][];

    private static int sequence(final int tick)
    {
        return (FIRST_SEQUENCE + tick - 1) & 0xFFFF;
    }

    private SnapshotConfig config(final boolean rangeCoded)
    {
        return new SnapshotConfig().rangeCoded(rangeCoded);
    }

    private SnapshotReceiver receiver(final boolean rangeCoded)
    {
        return new SnapshotReceiver(SCHEMA, OBJECTS, predictor, new ObjectCodec(SCHEMA), config(rangeCoded));
    }

    /** Move every object a little and encode tick {@code tick}'s snapshot in its sequence. */
    private byte[] encode(final SnapshotSender sender, final int tick, final boolean rangeCoded)
    {
        for (int i = 0; i < OBJECTS; i++)
        {
            final int[] record = new int[SCHEMA.stride()];
            states.copyTo(i, record, 0);
            RandomStates.evolve(SCHEMA, random, record, 0);
            states.copyFrom(i, record, 0);
        }
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
        if (rangeCoded)
        {
            final int length = sender.encodeFramed(tick, states, null, 0, buffer, 0, buffer.capacity(), sequence(tick));
            return Arrays.copyOf(buffer.byteArray(), length);
        }
        final BitWriter writer = new BitWriter(buffer, 0, buffer.capacity());
        sender.encode(tick, states, null, 0, Integer.MAX_VALUE, writer, sequence(tick));
        return Arrays.copyOf(buffer.byteArray(), writer.bytesWritten());
    }

    private static DecodeResult decode(final SnapshotReceiver receiver, final byte[] bytes, final int tick,
        final boolean rangeCoded)
    {
        if (rangeCoded)
        {
            return receiver.decodeFramed(new UnsafeBuffer(bytes), 0, bytes.length, sequence(tick));
        }
        return receiver.decode(new BitReader(new UnsafeBuffer(bytes), 0, bytes.length), sequence(tick));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aLateAnchoredPacketDecodesToItsOwnTickAndAMissingAnchorIsRefusedWithoutChange(final boolean rangeCoded)
    {
        final SnapshotSender sender = new SnapshotSender(SCHEMA, OBJECTS, predictor, new ObjectCodec(SCHEMA),
            config(rangeCoded));
        final SnapshotReceiver receiver = receiver(rangeCoded);
        // Gets every packet but one: the anchor of the last packet.
        final SnapshotReceiver lacking = receiver(rangeCoded);
        final int late = 14;
        final int last = 20;
        int anchored = 0;
        for (int tick = 1; tick <= last; tick++)
        {
            if (tick > ACK_DELAY_TICKS && tick - ACK_DELAY_TICKS != late)
            {
                sender.onAcked(sequence(tick - ACK_DELAY_TICKS));
            }
            packets[tick] = encode(sender, tick, rangeCoded);
            anchored += sender.lastAnchorDistance() > 0 ? 1 : 0;
            if (tick == late)
            {
                assertTrue(sender.lastAnchorDistance() > 0, "the late packet is anchored");
                continue;
            }
            assertEquals(DecodeResult.OK, decode(receiver, packets[tick], tick, rangeCoded), "tick " + tick);
            assertEquals(tick, receiver.lastTick());
            if (tick == late + 1)
            {
                // The network delivers the packet of tick 14 after that of 15: still its own tick.
                assertEquals(DecodeResult.OK, decode(receiver, packets[late], late, rangeCoded));
                assertEquals(late, receiver.lastTick());
            }
        }
        assertTrue(anchored >= last - ACK_DELAY_TICKS - 1, "anchored packets: " + anchored);
        // The last packet is anchored to the newest acked one, tick last - ACK_DELAY_TICKS.
        final int anchor = last - ACK_DELAY_TICKS;
        assertEquals(ACK_DELAY_TICKS, sender.lastAnchorDistance());
        for (int tick = 1; tick < last; tick++)
        {
            if (tick != anchor)
            {
                assertEquals(DecodeResult.OK, decode(lacking, packets[tick], tick, rangeCoded), "tick " + tick);
            }
        }
        final long digest = lacking.stateDigest();
        final long misses = lacking.baselineMisses();
        assertEquals(DecodeResult.BASELINE_MISSING, decode(lacking, packets[last], last, rangeCoded));
        assertEquals(digest, lacking.stateDigest(), "a refused packet changes nothing");
        assertEquals(misses + 1, lacking.baselineMisses());
        // Without the sequence (a link that tells none) an anchored tick cannot be read either.
        assertEquals(DecodeResult.BASELINE_MISSING, rangeCoded ?
            receiver.decodeFramed(new UnsafeBuffer(packets[last]), 0, packets[last].length) :
            receiver.decode(new BitReader(new UnsafeBuffer(packets[last]), 0, packets[last].length)));
        assertEquals(DecodeResult.OK, decode(receiver, packets[last], last, rangeCoded));
        assertEquals(last, receiver.lastTick());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aSenderWhoseAcksStopSendsWholeTicksOnceTheNewestAckedPacketIsOutOfReach(final boolean rangeCoded)
    {
        final SnapshotSender sender = new SnapshotSender(SCHEMA, OBJECTS, predictor, new ObjectCodec(SCHEMA),
            config(rangeCoded));
        final SnapshotReceiver receiver = receiver(rangeCoded);
        final int ackedUntil = 10;
        for (int tick = 1; tick < packets.length; tick++)
        {
            if (tick > ACK_DELAY_TICKS && tick - ACK_DELAY_TICKS <= ackedUntil)
            {
                sender.onAcked(sequence(tick - ACK_DELAY_TICKS));
            }
            packets[tick] = encode(sender, tick, rangeCoded);
            // The newest acked packet is that of tick min(tick - delay, ackedUntil), one sequence per tick.
            final int distance = tick - Math.min(tick - ACK_DELAY_TICKS, ackedUntil);
            final boolean reachable = tick > ACK_DELAY_TICKS && distance <= PacketTick.MAX_DISTANCE;
            assertEquals(reachable ? distance : 0, sender.lastAnchorDistance(), "tick " + tick);
            assertEquals(DecodeResult.OK, decode(receiver, packets[tick], tick, rangeCoded), "tick " + tick);
            assertEquals(tick, receiver.lastTick());
        }
        assertEquals(0, sender.lastAnchorDistance(), "the run ends with whole ticks");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aSenderRefusesSequencesOrTicksThatDoNotRiseTogether(final boolean rangeCoded)
    {
        final SnapshotSender sender = new SnapshotSender(SCHEMA, OBJECTS, predictor, new ObjectCodec(SCHEMA),
            config(rangeCoded));
        encode(sender, 5, rangeCoded);
        // The same sequence again, or a tick that does not rise: the receiver could no longer tell packets apart.
        assertThrows(IllegalArgumentException.class, () -> encodeAt(sender, 6, sequence(5), rangeCoded));
        assertThrows(IllegalArgumentException.class, () -> encodeAt(sender, 5, sequence(6), rangeCoded));
    }

    private void encodeAt(final SnapshotSender sender, final int tick, final int sequence, final boolean rangeCoded)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
        if (rangeCoded)
        {
            sender.encodeFramed(tick, states, null, 0, buffer, 0, buffer.capacity(), sequence);
        }
        else
        {
            sender.encode(tick, states, null, 0, Integer.MAX_VALUE, new BitWriter(buffer, 0, buffer.capacity()), sequence);
        }
    }
}
