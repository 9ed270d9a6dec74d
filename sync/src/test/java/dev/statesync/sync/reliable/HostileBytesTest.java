package dev.statesync.sync.reliable;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.util.List;

import static dev.statesync.sync.reliable.ReliableCounters.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bytes from the network are hostile: whatever arrives, receivePacket never throws, and a refused
 * datagram changes nothing but its one rejection counter.
 */
class HostileBytesTest
{
    private static final long NOW_NS = 50_000_000L;

    /**
     * A receiver with history: delivered packets, its own sent packets waiting for acks, and a
     * fragmented packet half reassembled. Returns the sender's datagrams for mutation.
     */
    private static Recorders.Peer primedReceiver(final ReliableConfig config, final List<byte[]> validDatagrams)
    {
        final Recorders.Peer sender = new Recorders.Peer(config);
        final Recorders.Peer receiver = new Recorders.Peer(config);
        for (int i = 0; i < 5; i++)
        {
            receiver.send(20, 0);
            sender.send(30 + i, 0);
        }
        sender.send(2500, 0);
        sender.send(40, 0);
        sender.send(3500, 0);
        for (final byte[] datagram : receiver.transmitted.datagrams)
        {
            sender.receive(datagram, 1_000_000L);
        }
        sender.send(10, 2_000_000L);
        final List<byte[]> sent = sender.transmitted.datagrams;
        for (int i = 0; i < 5; i++)
        {
            receiver.receive(sent.get(i), 3_000_000L);
        }
        receiver.receive(sent.get(5), 3_000_000L); // first fragment of the 2500-byte packet only
        validDatagrams.addAll(sent);
        return receiver;
    }

    private static void assertRefusalChangesNothing(final Recorders.Peer receiver, final byte[] datagram)
    {
        final long digestBefore = receiver.endpoint.stateDigest();
        final long[] before = new long[ReliableCounters.values().length];
        receiver.endpoint.copyCounters(before);

        final ReliableCounters result = receiver.receive(datagram, NOW_NS);

        final long[] after = new long[ReliableCounters.values().length];
        receiver.endpoint.copyCounters(after);
        assertEquals(before[DATAGRAMS_RECEIVED.id()] + 1, after[DATAGRAMS_RECEIVED.id()]);
        assertEquals(before[result.id()] + 1, after[result.id()]);
        if (result.isRefusal() || result == PACKETS_NOT_PROCESSED)
        {
            assertEquals(digestBefore, receiver.endpoint.stateDigest(), "refused datagram changed state");
            long rejectionsBefore = 0;
            long rejectionsAfter = 0;
            for (final ReliableCounters counter : ReliableCounters.values())
            {
                if (!counter.isRefusal())
                {
                    continue;
                }
                rejectionsBefore += before[counter.id()];
                rejectionsAfter += after[counter.id()];
            }
            assertEquals(rejectionsBefore + (result.isRefusal() ? 1 : 0), rejectionsAfter);
        }
        else
        {
            assertTrue(result == PACKETS_DELIVERED || result == FRAGMENTS_RECEIVED, result.label());
        }
    }

    @Property(tries = 400)
    void randomBytesShouldNeverThrowAndRefusalsShouldChangeNothing(@ForAll @Size(max = 1100) final byte[] bytes)
    {
        final Recorders.Peer receiver = primedReceiver(new ReliableConfig(), new java.util.ArrayList<>());
        assertRefusalChangesNothing(receiver, bytes);
    }

    @Property(tries = 400)
    void mutatedValidDatagramsShouldNeverThrowAndRefusalsShouldChangeNothing(
        @ForAll @IntRange(min = 0, max = 13) final int which,
        @ForAll("mutations") final List<int[]> mutations,
        @ForAll @IntRange(min = -3, max = 3) final int lengthChange)
    {
        final List<byte[]> valid = new java.util.ArrayList<>();
        final Recorders.Peer receiver = primedReceiver(new ReliableConfig(), valid);
        final byte[] original = valid.get(which % valid.size());
        final byte[] datagram = java.util.Arrays.copyOf(original, Math.max(0, original.length + lengthChange));
        for (final int[] mutation : mutations)
        {
            if (datagram.length > 0)
            {
                datagram[mutation[0] % datagram.length] = (byte)mutation[1];
            }
        }
        assertRefusalChangesNothing(receiver, datagram);
    }

    @Provide
    Arbitrary<List<int[]>> mutations()
    {
        final Arbitrary<int[]> one = Arbitraries.integers().between(0, 12)
            .flatMap(position -> Arbitraries.integers().between(0, 255).map(value -> new int[]{ position, value }));
        return one.list().ofMinSize(0).ofMaxSize(3);
    }

    @Property(tries = 300)
    void integrityShouldRefuseRandomBytesWithoutChangingState(@ForAll @Size(max = 1100) final byte[] bytes)
    {
        final Recorders.Peer receiver = primedReceiver(
            new ReliableConfig().integrityEnabled(true).protocolId(99), new java.util.ArrayList<>());
        final long digestBefore = receiver.endpoint.stateDigest();
        final ReliableCounters result = receiver.receive(bytes, NOW_NS);
        assertTrue(result == REJECTED_INTEGRITY || result == REJECTED_TRUNCATED || result == REJECTED_OVERSIZE,
            result.label());
        assertEquals(digestBefore, receiver.endpoint.stateDigest());
    }

    @Property(tries = 200)
    void headerReadShouldNeverThrowAndConsumeAtMostTheBytesGiven(@ForAll @Size(max = 12) final byte[] bytes)
    {
        final PacketHeader header = new PacketHeader();
        final int result = header.read(new org.agrona.concurrent.UnsafeBuffer(bytes), 0, bytes.length);
        assertTrue(result < 0 || (result >= PacketHeader.MIN_BYTES && result <= bytes.length));
    }

    @Property(tries = 300)
    void headerShouldRoundTrip(
        @ForAll @IntRange(min = 0, max = 65535) final int sequence,
        @ForAll @IntRange(min = 0, max = 65535) final int ack,
        @ForAll final int ackBits)
    {
        final org.agrona.concurrent.UnsafeBuffer buffer = new org.agrona.concurrent.UnsafeBuffer(new byte[9]);
        final int written = PacketHeader.write(buffer, 0, sequence, ack, ackBits);
        final PacketHeader header = new PacketHeader();
        assertEquals(written, header.read(buffer, 0, written));
        assertEquals(sequence, header.sequence());
        assertEquals(ack, header.ack());
        assertEquals(ackBits, header.ackBits());
    }
}
