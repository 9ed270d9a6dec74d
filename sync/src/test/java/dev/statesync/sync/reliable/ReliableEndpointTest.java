package dev.statesync.sync.reliable;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.zip.CRC32C;

import static dev.statesync.sync.reliable.ReliableCounters.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReliableEndpointTest
{
    private final Recorders.Peer a = new Recorders.Peer();
    private final Recorders.Peer b = new Recorders.Peer();

    @Test
    void shouldDeliverPayloadOnceAndAckEachPacketExactlyOnce()
    {
        for (int i = 0; i < 3; i++)
        {
            assertEquals(i, a.send(100 + i, 1_000_000L * i));
        }
        for (final byte[] datagram : a.transmitted.datagrams)
        {
            assertEquals(PACKETS_DELIVERED, b.receive(datagram, 10_000_000L));
        }
        assertEquals(List.of(0, 1, 2), b.processed.sequences);
        assertEquals(101, b.processed.payloads.get(1).length);

        for (int i = 0; i < 5; i++)
        {
            b.send(10, 11_000_000L);
        }
        for (final byte[] datagram : b.transmitted.datagrams)
        {
            a.receive(datagram, 20_000_000L);
        }
        assertEquals(List.of(2, 1, 0), a.acked.sequences); // newest first, as the ack bits are walked
        assertEquals(3, a.endpoint.counter(PACKETS_ACKED));
        assertEquals(5, a.endpoint.counter(PACKETS_DELIVERED));
    }

    @Test
    void shouldAckReceivedSequencesInNextHeader()
    {
        for (int i = 0; i < 4; i++)
        {
            a.send(20, 0);
        }
        b.receive(a.transmitted.get(0), 0);
        b.receive(a.transmitted.get(1), 0);
        b.receive(a.transmitted.get(3), 0);
        b.send(0, 0);
        final PacketHeader header = new PacketHeader();
        final byte[] datagram = b.transmitted.last();
        assertEquals(datagram.length, header.read(new UnsafeBuffer(datagram), 0, datagram.length));
        assertEquals(0, header.sequence());
        assertEquals(3, header.ack());
        assertEquals(0b1101, header.ackBits()); // 3 -> bit 0, 1 -> bit 2, 0 -> bit 3
    }

    @Test
    void shouldNotFragmentPayloadAtThreshold()
    {
        a.send(1024, 0);
        assertEquals(1, a.transmitted.datagrams.size());
        assertEquals(0, a.endpoint.counter(FRAGMENTS_SENT));
    }

    @Test
    void shouldFragmentAboveThresholdAndReassembleInAnyOrder()
    {
        final int sequence = a.send(3000, 0);
        assertEquals(3, a.transmitted.datagrams.size());
        assertEquals(5 + PacketHeader.encodedLength(0, 65535, 0) + 1024, a.transmitted.get(0).length);
        assertEquals(5 + 1024, a.transmitted.get(1).length);
        assertEquals(5 + 3000 - 2048, a.transmitted.get(2).length);

        assertEquals(FRAGMENTS_RECEIVED, b.receive(a.transmitted.get(2), 0));
        assertEquals(FRAGMENTS_RECEIVED, b.receive(a.transmitted.get(0), 0));
        assertEquals(PACKETS_DELIVERED, b.receive(a.transmitted.get(1), 0));

        assertEquals(List.of(sequence), b.processed.sequences);
        final byte[] expected = new byte[3000];
        for (int i = 0; i < expected.length; i++)
        {
            expected[i] = (byte)(i * 13 + 3000);
        }
        assertArrayEquals(expected, b.processed.payloads.get(0));
        assertEquals(3, b.endpoint.counter(FRAGMENTS_RECEIVED));
    }

    @Test
    void shouldCarryAcksInFirstFragment()
    {
        b.send(10, 0);
        a.receive(b.transmitted.get(0), 0);
        a.send(5000, 0);
        for (final byte[] fragment : a.transmitted.datagrams)
        {
            b.receive(fragment, 5_000_000L);
        }
        assertEquals(List.of(0), b.acked.sequences);
        assertEquals(5.0, b.endpoint.rttMs(), 1e-9);
    }

    @Test
    void shouldSendMaximumPacketSizeAndRefuseLarger()
    {
        a.send(ReliableConfig.DEFAULT_MAX_PACKET_SIZE_BYTES, 0);
        assertEquals(16, a.transmitted.datagrams.size());
        for (final byte[] fragment : a.transmitted.datagrams)
        {
            b.receive(fragment, 0);
        }
        assertEquals(1, b.processed.payloads.size());
        assertEquals(ReliableConfig.DEFAULT_MAX_PACKET_SIZE_BYTES, b.processed.payloads.get(0).length);
        assertThrows(IllegalArgumentException.class, () -> a.send(ReliableConfig.DEFAULT_MAX_PACKET_SIZE_BYTES + 1, 0));
    }

    @Test
    void shouldNeverAckPacketArrivingBeyondTheAckWindow()
    {
        // reliable.io acks the newest sequence and the 32 before it: a packet delivered later than that
        // is processed but can never be acked, so the sender counts it as lost
        for (int i = 0; i < 40; i++)
        {
            a.send(10, 0);
        }
        for (int i = 1; i < 40; i++)
        {
            b.receive(a.transmitted.get(i), 0);
        }
        assertEquals(PACKETS_DELIVERED, b.receive(a.transmitted.get(0), 0));
        for (int i = 0; i < 10; i++)
        {
            b.send(10, 0);
        }
        for (final byte[] datagram : b.transmitted.datagrams)
        {
            a.receive(datagram, 0);
        }
        assertEquals(32, a.acked.sequences.size());
        assertTrue(!a.acked.sequences.contains(0) && a.acked.sequences.contains(39) && a.acked.sequences.contains(8));
    }

    @Test
    void shouldWrapSequenceAfter65535()
    {
        for (int i = 0; i < 65536; i++)
        {
            a.endpoint.sendPacket(new UnsafeBuffer(new byte[1]), 0, 0, 0);
        }
        assertEquals(0, a.endpoint.nextSequence());
    }

    @Test
    void shouldLeaveStateUntouchedAndNotAckWhenProcessorRefuses()
    {
        a.send(10, 0);
        final long before = b.endpoint.stateDigest();
        b.processed.accept = false;
        assertEquals(PACKETS_NOT_PROCESSED, b.receive(a.transmitted.get(0), 0));
        assertEquals(before, b.endpoint.stateDigest());
        b.processed.accept = true;
        assertEquals(PACKETS_DELIVERED, b.receive(a.transmitted.get(0), 0));
        assertNotEquals(before, b.endpoint.stateDigest());
    }

    @Test
    void shouldAppendCrc32cOverProtocolIdAndPacketWhenIntegrityEnabled()
    {
        final long protocolId = 0x0123456789ABCDEFL;
        final Recorders.Peer sender = new Recorders.Peer(new ReliableConfig().integrityEnabled(true).protocolId(protocolId));
        sender.send(10, 0);
        final byte[] datagram = sender.transmitted.get(0);
        assertEquals(PacketHeader.encodedLength(0, 65535, 0) + 10 + 4, datagram.length);

        final CRC32C crc = new CRC32C();
        crc.update(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(protocolId).array());
        crc.update(datagram, 0, datagram.length - 4);
        final int trailer = ByteBuffer.wrap(datagram, datagram.length - 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        assertEquals((int)crc.getValue(), trailer);

        final Recorders.Peer sameProtocol = new Recorders.Peer(new ReliableConfig().integrityEnabled(true).protocolId(protocolId));
        assertEquals(PACKETS_DELIVERED, sameProtocol.receive(datagram, 0));
        final Recorders.Peer otherProtocol = new Recorders.Peer(new ReliableConfig().integrityEnabled(true).protocolId(7));
        assertEquals(REJECTED_INTEGRITY, otherProtocol.receive(datagram, 0));
    }

    @Test
    void shouldKeepHeaderReliableCompatibleWhenIntegrityDisabled()
    {
        a.send(3, 0);
        final byte[] datagram = a.transmitted.get(0);
        // sequence 0, ack 65535 (nothing received: difference 1 fits a byte), ack_bits 0 (all four bytes present)
        assertArrayEquals(new byte[]{ 0x3E, 0x00, 0x00, 0x01, 0, 0, 0, 0, 3, 16, 29 }, datagram);
    }

    @Test
    void shouldMeasureRttFromAckTime()
    {
        a.send(10, 1_000_000_000L);
        b.receive(a.transmitted.get(0), 1_020_000_000L);
        b.send(10, 1_020_000_000L);
        a.receive(b.transmitted.get(0), 1_040_000_000L);
        assertEquals(40.0, a.endpoint.rttMs(), 1e-9);
        a.endpoint.update(1_040_000_000L);
        assertEquals(40.0, a.endpoint.rttMinMs(), 1e-9);
        assertEquals(40.0, a.endpoint.rttMaxMs(), 1e-9);
        assertEquals(0.0, a.endpoint.jitterMs(), 1e-9);
    }

    @Test
    void shouldForgetEverythingOnReset()
    {
        a.send(10, 0);
        b.receive(a.transmitted.get(0), 0);
        b.endpoint.reset(0);
        assertEquals(0, b.endpoint.counter(PACKETS_DELIVERED));
        assertEquals(65535, b.endpoint.newestReceivedSequence());
        assertEquals(PACKETS_DELIVERED, b.receive(a.transmitted.get(0), 0));
    }

    @Test
    void shouldTreatOutOfBufferRangesAsMisuseNotAsNetworkInput()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[10]);
        assertThrows(IllegalArgumentException.class, () -> a.endpoint.sendPacket(buffer, 5, 6, 0));
        assertThrows(IllegalArgumentException.class, () -> a.endpoint.receivePacket(buffer, -1, 4, 0));
        assertThrows(IllegalArgumentException.class, () -> a.endpoint.receivePacket(buffer, 8, 3, 0));
        assertEquals(0, a.endpoint.counter(DATAGRAMS_RECEIVED));
        assertEquals(0, a.endpoint.nextSequence());
    }

    @Test
    void shouldRejectInvalidConfigAsMisuse()
    {
        assertThrows(IllegalArgumentException.class, () -> new Recorders.Peer(new ReliableConfig().maxFragments(300)));
        assertThrows(IllegalArgumentException.class,
            () -> new Recorders.Peer(new ReliableConfig().maxPacketSizeBytes(17 * 1024)));
        assertThrows(IllegalArgumentException.class,
            () -> new Recorders.Peer(new ReliableConfig().sentPacketsBufferSize(100)));
        assertThrows(IllegalArgumentException.class,
            () -> new Recorders.Peer(new ReliableConfig().rttSmoothingFactor(0f)));
        assertTrue(new ReliableConfig().validate().integrityEnabled() == false);
    }
}
