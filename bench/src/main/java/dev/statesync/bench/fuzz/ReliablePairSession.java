package dev.statesync.bench.fuzz;

import java.nio.ByteOrder;
import java.util.SplittableRandom;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.sync.reliable.IntegrityMode;
import dev.statesync.sync.reliable.LinkKeys;
import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.ReliableConfig;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.reliable.ReliableEndpoint;
import dev.statesync.sync.reliable.SequenceNumbers;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;

/**
 * Two reliable.io endpoints over a lossy, jittery, duplicating network simulator, carrying payloads that validate
 * themselves: {@code [u16 sequence][u32 length][random bytes][u64 hash]}. The receiving end's processor refuses any
 * payload that does not (so a mutated payload is refused after the header checks passed, which must leave
 * reassembly and windows untouched), and one payload in five is above 1024 bytes while moving, so it travels in
 * two to four fragments. The
 * receiver answers every tick with an empty packet that carries its acks.
 * <p>
 * There is no state to copy at this layer; "converged" means the link still works both ways: the newest honest
 * packet each end received is a recent one of the other's, the sender hears acks of recent packets, and a recent
 * fragmented packet was reassembled (without motion one payload in four still fragments). A forged sequence far
 * ahead that was accepted, as a packet or as a stored fragment, breaks exactly that.
 */
final class ReliablePairSession implements HonestSession
{
    static final long TICK_NS = 1_000_000_000L / 60;
    /** CRC32C protocol id of the session (an attacker who knows it can reseal, see {@link WireLayout}). */
    static final long PROTOCOL_ID = 0x5157_4E43_2D46_555AL;
    private static final int SENDER = 0;
    private static final int RECEIVER = 1;
    /** How far behind the other end's newest sequence a healthy link's newest received or acked one may be. */
    private static final int HEALTHY_LAG = 8;
    private static final int HEADER_BYTES = 6;
    private static final int HASH_BYTES = 8;
    private static final int MAX_PAYLOAD_BYTES = 4096;

    final ReliableEndpoint sender;
    final ReliableEndpoint receiver;
    final FuzzCorpus corpus = new FuzzCorpus();
    private final NetworkSimulator network;
    private final SplittableRandom random;
    private final UnsafeBuffer payload = new UnsafeBuffer(new byte[MAX_PAYLOAD_BYTES]);
    private final UnsafeBuffer empty = new UnsafeBuffer(new byte[0]);
    private int tick;
    private int newestAckedBySender = -1;
    private int newestFragmentedDelivered = -1;
    private int newestFragmentedSent = -1;
    private long honestErrors;

    ReliablePairSession(final IntegrityMode mode, final long seed)
    {
        random = new SplittableRandom(seed);
        final ReliableConfig base = new ReliableConfig();
        final ReliableConfig senderConfig;
        final ReliableConfig receiverConfig;
        switch (mode)
        {
            case CRC32C ->
            {
                senderConfig = base.copy().integrityEnabled(true).protocolId(PROTOCOL_ID);
                receiverConfig = senderConfig.copy();
            }
            case KEYED_MAC ->
            {
                // Keys from the seed, not a SecureRandom, so a finding replays from its seed.
                final LinkKeys keys =
                    new LinkKeys(random.nextLong(), random.nextLong(), random.nextLong(), random.nextLong());
                senderConfig = base.copy().authenticate(keys, LinkSide.SERVER);
                receiverConfig = base.copy().authenticate(keys, LinkSide.CLIENT);
            }
            default ->
            {
                senderConfig = base;
                receiverConfig = base.copy();
            }
        }
        network = new NetworkSimulator(new NetworkSimulatorConfig().latencyMs(30).jitterMs(8).lossFraction(0.05)
            .duplicateFraction(0.02).reorderFraction(0.02).seed(random.nextLong()));
        sender = new ReliableEndpoint(senderConfig, (buffer, offset, length) ->
        {
            corpus.record(buffer, offset, length);
            network.send(SENDER, RECEIVER, buffer, offset, length, nowNs());
        }, (sequence, buffer, offset, length) -> length == 0, this::onAckedBySender, 0);
        receiver = new ReliableEndpoint(receiverConfig,
            (buffer, offset, length) -> network.send(RECEIVER, SENDER, buffer, offset, length, nowNs()),
            this::onPayload, sequence ->
            {
            }, 0);
    }

    long nowNs()
    {
        return tick * TICK_NS;
    }

    /** One tick: deliveries due, one payload each way, estimates. Without motion, payloads stay unfragmented. */
    @Override
    public void tick(final boolean moving)
    {
        tick++;
        network.poll(nowNs(), this::deliver);
        final int roll = random.nextInt(10);
        final boolean fragmented = moving ? roll < 2 : tick % 4 == 0;
        final int length = fragmented ? 1025 + random.nextInt(MAX_PAYLOAD_BYTES - 1024) :
            HEADER_BYTES + HASH_BYTES + random.nextInt(roll < 7 ? 200 : 1024 - HEADER_BYTES - HASH_BYTES);
        if (fragmented)
        {
            newestFragmentedSent = sender.nextSequence();
        }
        writePayload(sender.nextSequence(), length);
        sender.sendPacket(payload, 0, length, nowNs());
        receiver.sendPacket(empty, 0, 0, nowNs());
        sender.update(nowNs());
        receiver.update(nowNs());
    }

    /**
     * @return true when each end's newest received sequence and the sender's newest ack are recent and real, and the
     * newest fragmented packet delivered is at most one of them (four sequences) behind the newest sent.
     */
    @Override
    public boolean converged()
    {
        final int senderNewest = SequenceNumbers.add(sender.nextSequence(), -1);
        final int receiverNewest = SequenceNumbers.add(receiver.nextSequence(), -1);
        return lag(senderNewest, receiver.newestReceivedSequence()) &&
            lag(receiverNewest, sender.newestReceivedSequence()) &&
            newestAckedBySender >= 0 && lag(senderNewest, newestAckedBySender) &&
            newestFragmentedDelivered >= 0 && lag(newestFragmentedSent, newestFragmentedDelivered);
    }

    @Override
    public long honestErrors()
    {
        return honestErrors;
    }

    private static boolean lag(final int newestSent, final int newestSeen)
    {
        final int behind = SequenceNumbers.difference(newestSent, newestSeen);
        return behind >= 0 && behind <= HEALTHY_LAG;
    }

    private void onAckedBySender(final int sequence)
    {
        if (newestAckedBySender < 0 || SequenceNumbers.isNewer(sequence, newestAckedBySender))
        {
            newestAckedBySender = sequence;
        }
    }

    private void deliver(final int from, final int to, final DirectBuffer buffer, final int offset, final int length)
    {
        if (to == RECEIVER)
        {
            final ReliableCounters outcome = receiver.receivePacket(buffer, offset, length, nowNs());
            // A real network delivers late, reordered and duplicated datagrams; anything else refused is wrong.
            if (outcome != ReliableCounters.PACKETS_DELIVERED && outcome != ReliableCounters.FRAGMENTS_RECEIVED &&
                outcome != ReliableCounters.REJECTED_STALE && outcome != ReliableCounters.REJECTED_DUPLICATE &&
                outcome != ReliableCounters.REJECTED_FRAGMENT_DUPLICATE)
            {
                honestErrors++;
            }
        }
        else
        {
            sender.receivePacket(buffer, offset, length, nowNs());
        }
    }

    private void writePayload(final int sequence, final int length)
    {
        payload.putShort(0, (short)sequence, ByteOrder.LITTLE_ENDIAN);
        payload.putInt(2, length, ByteOrder.LITTLE_ENDIAN);
        for (int i = HEADER_BYTES; i < length - HASH_BYTES; i++)
        {
            payload.putByte(i, (byte)random.nextInt(256));
        }
        payload.putLong(length - HASH_BYTES, hash(payload, 0, length - HASH_BYTES), ByteOrder.LITTLE_ENDIAN);
    }

    private boolean onPayload(final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        if (!isValidPayload(sequence, buffer, offset, length))
        {
            return false;
        }
        if (length > ReliableConfig.DEFAULT_FRAGMENT_ABOVE_BYTES &&
            (newestFragmentedDelivered < 0 || SequenceNumbers.isNewer(sequence, newestFragmentedDelivered)))
        {
            newestFragmentedDelivered = sequence;
        }
        return true;
    }

    /** The receiving application: a payload is valid when its sequence, length and hash all match. */
    private static boolean isValidPayload(
        final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        return length >= HEADER_BYTES + HASH_BYTES &&
            (buffer.getShort(offset, ByteOrder.LITTLE_ENDIAN) & 0xFFFF) == sequence &&
            buffer.getInt(offset + 2, ByteOrder.LITTLE_ENDIAN) == length &&
            buffer.getLong(offset + length - HASH_BYTES, ByteOrder.LITTLE_ENDIAN) ==
                hash(buffer, offset, length - HASH_BYTES);
    }

    /** FNV-1a, 64-bit: enough to tell a mutated payload from the one that was sent. */
    private static long hash(final DirectBuffer buffer, final int offset, final int length)
    {
        long h = 0xCBF29CE484222325L;
        for (int i = 0; i < length; i++)
        {
            h = (h ^ (buffer.getByte(offset + i) & 0xFF)) * 0x100000001B3L;
        }
        return h;
    }
}
