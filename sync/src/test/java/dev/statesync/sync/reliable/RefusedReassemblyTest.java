package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.statesync.sync.reliable.ReliableCounters.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A packet whose last fragment completes it and which the processor then refuses must leave reassembly as it
 * was: its window, its entries and their flags. Otherwise one forged 10-byte fragment (integrity off) moves
 * the reassembly window far ahead, and every honest fragmented packet after it is refused as stale.
 */
class RefusedReassemblyTest
{
    private static final int FORGED_AHEAD = 100;

    /** Accepts only payloads {@link Recorders.Peer#send} could have made: the way a decoder refuses garbage. */
    private static final class ValidatingProcessor implements PacketProcessor
    {
        final List<Integer> delivered = new ArrayList<>();

        @Override
        public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
        {
            for (int i = 0; i < length; i++)
            {
                if (buffer.getByte(offset + i) != (byte)(i * 13 + length))
                {
                    return false;
                }
            }
            delivered.add(sequence);
            return true;
        }
    }

    /** Integrity off, explicitly: the forged datagrams below must reach reassembly, whatever the default. */
    private final Recorders.Peer sender = new Recorders.Peer(new ReliableConfig().integrityEnabled(false));
    private final ValidatingProcessor processor = new ValidatingProcessor();
    private final ReliableEndpoint receiver = new ReliableEndpoint(
        new ReliableConfig().integrityEnabled(false), new Recorders.Transmitted(), processor, new Recorders.Acked(), 0L);

    private ReliableCounters receive(final byte[] datagram)
    {
        return receiver.receivePacket(new UnsafeBuffer(datagram), 0, datagram.length, 1_000_000L);
    }

    private void assertRefusedWithoutChange(final byte[] datagram, final ReliableCounters expected)
    {
        final long before = receiver.stateDigest();
        assertEquals(expected.label(), receive(datagram).label());
        assertEquals(before, receiver.stateDigest(), "refusal changed the endpoint");
    }

    /** A whole packet as one fragment: fragment header (count 1), a 4-byte packet header, one payload byte. */
    private static byte[] forgedSingleFragment(final int sequence)
    {
        final byte[] datagram = new byte[10];
        final UnsafeBuffer buffer = new UnsafeBuffer(datagram);
        assertEquals(FragmentHeader.BYTES, FragmentHeader.write(buffer, 0, sequence, 0, 1));
        assertEquals(4, PacketHeader.write(buffer, FragmentHeader.BYTES, sequence, sequence, 0xFFFFFFFF));
        datagram[9] = 0x55;
        return datagram;
    }

    private List<byte[]> sendFragmented(final int length)
    {
        final int first = sender.transmitted.datagrams.size();
        sender.send(length, 0);
        return new ArrayList<>(sender.transmitted.datagrams.subList(first, sender.transmitted.datagrams.size()));
    }

    @Test
    void shouldDeliverHonestFragmentedPacketsAfterForgedSingleFragmentFarAhead()
    {
        final List<byte[]> warmUp = sendFragmented(2500);
        for (final byte[] fragment : warmUp)
        {
            receive(fragment);
        }
        assertEquals(List.of(0), processor.delivered);

        assertRefusedWithoutChange(forgedSingleFragment(FORGED_AHEAD), PACKETS_NOT_PROCESSED);

        for (int packet = 1; packet <= 20; packet++)
        {
            final List<byte[]> fragments = sendFragmented(2000 + packet);
            for (int i = 0; i < fragments.size() - 1; i++)
            {
                assertEquals(FRAGMENTS_RECEIVED.label(), receive(fragments.get(i)).label());
            }
            assertEquals(PACKETS_DELIVERED.label(), receive(fragments.get(fragments.size() - 1)).label());
            assertRefusedWithoutChange(forgedSingleFragment(packet + FORGED_AHEAD), PACKETS_NOT_PROCESSED);
        }
        assertEquals(21, processor.delivered.size());
    }

    @Test
    void shouldKeepPartialPacketWhenItsCompletingFragmentIsRefused()
    {
        final List<byte[]> fragments = sendFragmented(3000);
        assertEquals(FRAGMENTS_RECEIVED, receive(fragments.get(0)));
        assertEquals(FRAGMENTS_RECEIVED, receive(fragments.get(1)));

        final byte[] corrupt = fragments.get(2).clone();
        corrupt[corrupt.length - 1] ^= 0x40;
        assertRefusedWithoutChange(corrupt, PACKETS_NOT_PROCESSED);
        assertRefusedWithoutChange(corrupt, PACKETS_NOT_PROCESSED);

        final long fragmentsBefore = receiver.counter(FRAGMENTS_RECEIVED);
        assertEquals(PACKETS_DELIVERED, receive(fragments.get(2)));
        assertEquals(List.of(0), processor.delivered);
        assertEquals(fragmentsBefore + 1, receiver.counter(FRAGMENTS_RECEIVED));
        assertEquals(REJECTED_DUPLICATE, receive(fragments.get(0)));
    }

    @Test
    void shouldKeepPartialPacketWhenCompletingFirstFragmentIsRefused()
    {
        final List<byte[]> fragments = sendFragmented(2100);
        assertEquals(FRAGMENTS_RECEIVED, receive(fragments.get(2)));
        assertEquals(FRAGMENTS_RECEIVED, receive(fragments.get(1)));

        final byte[] corrupt = fragments.get(0).clone();
        corrupt[corrupt.length - 1] ^= 0x01;
        assertRefusedWithoutChange(corrupt, PACKETS_NOT_PROCESSED);

        assertEquals(PACKETS_DELIVERED, receive(fragments.get(0)));
        assertEquals(List.of(0), processor.delivered);
    }

    @Test
    void shouldNotAckRefusedSingleFragmentPacket()
    {
        final List<byte[]> fragments = sendFragmented(2100);
        for (final byte[] fragment : fragments)
        {
            receive(fragment);
        }
        final int newestBefore = receiver.newestReceivedSequence();
        assertRefusedWithoutChange(forgedSingleFragment(7), PACKETS_NOT_PROCESSED);
        assertEquals(newestBefore, receiver.newestReceivedSequence());
    }

    @Test
    void shouldDeliverHonestSingleFragmentPacketWithoutReassembly()
    {
        final int headerBytes = PacketHeader.encodedLength(4, 65535, 0);
        final byte[] datagram = new byte[FragmentHeader.BYTES + headerBytes + 3];
        final UnsafeBuffer buffer = new UnsafeBuffer(datagram);
        FragmentHeader.write(buffer, 0, 4, 0, 1);
        assertEquals(headerBytes, PacketHeader.write(buffer, FragmentHeader.BYTES, 4, 65535, 0));
        final int payloadOffset = FragmentHeader.BYTES + headerBytes;
        final byte[] payload = new byte[datagram.length - payloadOffset];
        for (int i = 0; i < payload.length; i++)
        {
            payload[i] = (byte)(i * 13 + payload.length);
        }
        buffer.putBytes(payloadOffset, payload);

        final long fragmentsBefore = receiver.counter(FRAGMENTS_RECEIVED);
        assertEquals(PACKETS_DELIVERED, receive(datagram));
        assertEquals(List.of(4), processor.delivered);
        assertEquals(fragmentsBefore + 1, receiver.counter(FRAGMENTS_RECEIVED));
        assertEquals(REJECTED_DUPLICATE, receive(datagram));
    }
}
