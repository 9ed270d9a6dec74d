package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

/**
 * An honest sender and receiver over an in-order link that loses some packets and returns acks a few ticks late
 * (only for packets that decoded, as a reliability layer would), recording every packet it sends so a test can
 * replay, mutate and splice real snapshots. A shadow sender encodes the same states at ticks {@code tickOffset}
 * away, with its own packets acked at once: real, well-formed snapshots at ticks far ahead of or behind the
 * session, naming baselines and coder models this receiver never held.
 */
final class RecordedSnapshotSession
{
    private static final int ACK_DELAY_MAX_TICKS = 3;

    final StateSchema schema;
    final int objectCount;
    final boolean framed;
    final SnapshotConfig config;
    final SnapshotSender sender;
    final SnapshotReceiver receiver;
    final QuantizedStates states;
    /** Every honest packet encoded, oldest first, delivered or lost. */
    final List<byte[]> packets = new ArrayList<>();
    /** Every packet of the shadow sender, oldest first. */
    final List<byte[]> shadowPackets = new ArrayList<>();

    private final SnapshotSender shadow;
    private final int tickOffset;
    private final SplittableRandom random;
    private final double lossFraction;
    private final int budgetBytes;
    private final byte[] storage = new byte[16 * 1024];
    private final UnsafeBuffer storageBuffer = new UnsafeBuffer(storage);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private final ArrayDeque<int[]> acks = new ArrayDeque<>();
    private int tick = 1;
    private int shadowSequence;

    /**
     * @param budgetBytes most bytes per snapshot, or 0 for no budget (every changed object goes every tick).
     * @param tickOffset  how far from the session's ticks the shadow sender's are (any int; wraps).
     */
    RecordedSnapshotSession(
        final int schemaIndex,
        final int predictorIndex,
        final int objectCount,
        final boolean framed,
        final long seed,
        final double lossFraction,
        final int budgetBytes,
        final int tickOffset)
    {
        this.schema = RandomStates.schema(schemaIndex);
        this.objectCount = objectCount;
        this.framed = framed;
        this.random = new SplittableRandom(seed);
        this.lossFraction = lossFraction;
        this.budgetBytes = budgetBytes;
        this.tickOffset = tickOffset;
        this.config = new SnapshotConfig().ringDepthTicks(32).rangeCoded(framed);
        final Predictor predictor = TestPredictors.of(schema, predictorIndex);
        sender = new SnapshotSender(schema, objectCount, predictor, new ObjectCodec(schema), config);
        receiver = new SnapshotReceiver(schema, objectCount, predictor, new ObjectCodec(schema), config);
        // The shadow's ticks go whole: its packets stand for well-formed snapshots at ticks far from the session's.
        shadow = new SnapshotSender(schema, objectCount, predictor, new ObjectCodec(schema),
            new SnapshotConfig().ringDepthTicks(32).rangeCoded(framed).shortTicks(false));
        states = new QuantizedStates(schema, objectCount);
        for (int i = 0; i < objectCount; i++)
        {
            RandomStates.randomRecord(schema, random, states.array(), states.offsetOf(i));
        }
    }

    /** @return the tick the next {@link #encodeNext} will use. */
    int nextTick()
    {
        return tick;
    }

    /**
     * Move the objects (or not) and encode the next honest packet, recorded but not delivered yet; also
     * encodes the shadow's packet of the same states.
     */
    byte[] encodeNext(final boolean moving)
    {
        for (int i = 0; moving && i < objectCount; i++)
        {
            RandomStates.evolve(schema, random, states.array(), states.offsetOf(i));
        }
        final byte[] packet = encode(sender, tick, tick & 0xFFFF);
        packets.add(packet);
        shadowPackets.add(encode(shadow, tick + tickOffset, shadowSequence));
        shadow.onAcked(shadowSequence);
        shadowSequence = (shadowSequence + 1) & 0xFFFF;
        tick++;
        return packet;
    }

    private byte[] encode(final SnapshotSender from, final int packetTick, final int sequence)
    {
        final int capacity = budgetBytes > 0 ? budgetBytes : storage.length;
        if (framed)
        {
            final int bytes = from.encodeFramed(packetTick, states, null, 0, storageBuffer, 0, capacity, sequence);
            return Arrays.copyOf(storage, bytes);
        }
        writer.wrap(storageBuffer, 0, capacity);
        from.encode(packetTick, states, null, 0, Integer.MAX_VALUE, writer, sequence);
        return Arrays.copyOf(storage, writer.bytesWritten());
    }

    /**
     * The link: lose the packet at the session's loss rate, else decode it and, if it applied, ack it a few
     * ticks later; then hand the sender the acks now due.
     */
    void deliverHonestly(final byte[] packet)
    {
        final int sequence = (tick - 1) & 0xFFFF;
        if (random.nextDouble() >= lossFraction && decode(packet) == DecodeResult.OK)
        {
            acks.add(new int[]{tick + random.nextInt(ACK_DELAY_MAX_TICKS + 1), sequence});
        }
        for (int i = acks.size(); i > 0; i--)
        {
            final int[] ack = acks.poll();
            if (ack[0] <= tick)
            {
                sender.onAcked(ack[1]);
            }
            else
            {
                acks.add(ack);
            }
        }
    }

    /** One honest tick: encode and deliver. */
    void honestTick(final boolean moving)
    {
        deliverHonestly(encodeNext(moving));
    }

    /**
     * Decode any bytes as the receiver's transport would hand them over, in the packet of the sequence the last
     * encoded packet was sent in (an attacker's bytes take the place of the honest packet about to be delivered).
     */
    DecodeResult decode(final byte[] bytes)
    {
        return decode(bytes, (tick - 1) & 0xFFFF);
    }

    /**
     * @return the sequence an honest packet of this session ({@link #packets}, the very array) was sent in; for any
     * other bytes the sequence of the last encoded packet.
     */
    int sequenceOf(final byte[] packet)
    {
        for (int i = packets.size() - 1; i >= 0; i--)
        {
            if (packets.get(i) == packet)
            {
                // Packet i went out at tick 1 + i, in sequence tick & 0xFFFF.
                return (1 + i) & 0xFFFF;
            }
        }
        return (tick - 1) & 0xFFFF;
    }

    /** Decode any bytes as the receiver's transport would hand them over in the packet of {@code sequence}. */
    DecodeResult decode(final byte[] bytes, final int sequence)
    {
        if (framed)
        {
            return receiver.decodeFramed(new UnsafeBuffer(bytes), 0, bytes.length, sequence);
        }
        return receiver.decode(reader.wrap(new UnsafeBuffer(bytes), 0, bytes.length), sequence);
    }

    /** @return true when the receiver holds exactly the sender's current quantized state of every object. */
    boolean converged()
    {
        return Arrays.equals(receiver.states().array(), states.array());
    }

    /**
     * Honest ticks with nothing moving until the receiver holds the sender's exact state.
     *
     * @return ticks it took, or -1 if it did not converge within {@code maxTicks}.
     */
    int settle(final int maxTicks)
    {
        for (int t = 1; t <= maxTicks; t++)
        {
            honestTick(false);
            if (converged())
            {
                return t;
            }
        }
        return -1;
    }

    /**
     * @return the byte where a bitpacked snapshot with a whole tick starts in {@code packet} (bit 0 the "anchored"
     * flag, then the 32-bit tick), or -1 if the packet is range-coded (its tick is coded, not a field to overwrite),
     * anchored or too short.
     */
    int bitpackedTickOffset(final byte[] packet)
    {
        final int offset = framed ? 1 : 0;
        // Bit 0 is the "anchored" flag: an anchored tick is not a field either.
        if (packet.length < offset + 5 || (framed && packet[0] != SnapshotFormat.FORMAT_BITPACKED) ||
            (packet[offset] & 1) != 0)
        {
            return -1;
        }
        return offset;
    }
}
