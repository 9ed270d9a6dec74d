package dev.statesync.sync.reliable;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

import static dev.statesync.sync.reliable.ReliableCounters.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Each way a datagram can be refused: the call returns the reason, exactly that counter moves by one,
 * and no other state of the receiver changes.
 */
class ReceiveRejectionTest
{
    private final Recorders.Peer sender = new Recorders.Peer();
    private final Recorders.Peer receiver = new Recorders.Peer();
    private final Set<ReliableCounters> reasonsSeen = new TreeSet<>();

    private void assertRejected(final Recorders.Peer peer, final byte[] datagram, final ReliableCounters reason)
    {
        final long digestBefore = peer.endpoint.stateDigest();
        final long[] before = new long[ReliableCounters.values().length];
        peer.endpoint.copyCounters(before);
        final int deliveredBefore = peer.processed.sequences.size();

        assertEquals(reason.label(), peer.receive(datagram, 123_000_000L).label());

        final long[] after = new long[ReliableCounters.values().length];
        peer.endpoint.copyCounters(after);
        for (final ReliableCounters counter : ReliableCounters.values())
        {
            final long expectedDelta = counter == reason || counter == DATAGRAMS_RECEIVED ? 1 : 0;
            assertEquals(expectedDelta, after[counter.id()] - before[counter.id()], counter.label());
        }
        assertEquals(digestBefore, peer.endpoint.stateDigest(), "state changed on " + reason.label());
        assertEquals(deliveredBefore, peer.processed.sequences.size());
        reasonsSeen.add(reason);
    }

    private byte[][] fragmentsOf3000Bytes()
    {
        sender.send(3000, 0);
        final int n = sender.transmitted.datagrams.size();
        return new byte[][]{ sender.transmitted.get(n - 3), sender.transmitted.get(n - 2), sender.transmitted.get(n - 1) };
    }

    @Test
    void shouldRejectDuplicatePacket()
    {
        sender.send(10, 0);
        receiver.receive(sender.transmitted.get(0), 0);
        assertRejected(receiver, sender.transmitted.get(0), REJECTED_DUPLICATE);
    }

    @Test
    void shouldRejectPacketOlderThanReceivedWindow()
    {
        for (int i = 0; i <= 300; i++)
        {
            sender.send(1, 0);
        }
        receiver.receive(sender.transmitted.get(300), 0);
        assertRejected(receiver, sender.transmitted.get(300 - 256), REJECTED_STALE);
        assertNotEquals(REJECTED_STALE, receiver.receive(sender.transmitted.get(300 - 255), 0));
    }

    @Test
    void shouldRejectTruncatedHeaders()
    {
        assertRejected(receiver, new byte[0], REJECTED_TRUNCATED);
        assertRejected(receiver, new byte[]{ 0x00, 0x01 }, REJECTED_TRUNCATED);
        assertRejected(receiver, new byte[]{ 0x1E, 0x01, 0x00, 0x00, 0x00, 0x00 }, REJECTED_TRUNCATED);
        assertRejected(receiver, new byte[]{ 0x01, 0x00, 0x00 }, REJECTED_TRUNCATED);
    }

    @Test
    void shouldRejectMalformedPrefixes()
    {
        assertRejected(receiver, new byte[]{ 0x40, 0x00, 0x00, 0x00 }, REJECTED_MALFORMED);
        assertRejected(receiver, new byte[]{ 0x03, 0x00, 0x00, 0x00, 0x00, 0x00 }, REJECTED_MALFORMED);
    }

    @Test
    void shouldRejectOversizeDatagram()
    {
        assertRejected(receiver, new byte[PacketHeader.MAX_BYTES + ReliableConfig.DEFAULT_MAX_PACKET_SIZE_BYTES + 1],
            REJECTED_OVERSIZE);
    }

    @Test
    void shouldRejectFragmentedPacketLargerThanMaxPacketSize()
    {
        final Recorders.Peer small = new Recorders.Peer(new ReliableConfig().maxPacketSizeBytes(2000));
        assertRejected(small, fragmentsOf3000Bytes()[1], REJECTED_OVERSIZE);
    }

    @Test
    void shouldRejectCorruptedPacketWhenIntegrityEnabled()
    {
        final ReliableConfig config = new ReliableConfig().integrityEnabled(true).protocolId(42);
        final Recorders.Peer integritySender = new Recorders.Peer(config);
        final Recorders.Peer integrityReceiver = new Recorders.Peer(config);
        integritySender.send(50, 0);
        final byte[] corrupt = integritySender.transmitted.get(0);
        corrupt[7] ^= 0x10;
        assertRejected(integrityReceiver, corrupt, REJECTED_INTEGRITY);
        assertRejected(integrityReceiver, new byte[]{ 1, 2, 3 }, REJECTED_TRUNCATED);
        assertEquals(PACKETS_DELIVERED, integrityReceiver.receive(integritySender.transmitted.get(0), 0));
    }

    @Test
    void shouldRejectFragmentIdNotBelowCount()
    {
        final byte[] fragment = fragmentsOf3000Bytes()[1];
        fragment[3] = 3;
        assertRejected(receiver, fragment, REJECTED_FRAGMENT_ID_OUT_OF_RANGE);
    }

    @Test
    void shouldRejectFragmentCountAboveMaximum()
    {
        final byte[] fragment = fragmentsOf3000Bytes()[1];
        fragment[4] = 16;
        assertRejected(receiver, fragment, REJECTED_FRAGMENT_COUNT_TOO_LARGE);
    }

    @Test
    void shouldRejectFragmentLargerThanFragmentSize()
    {
        final byte[] fragment = fragmentsOf3000Bytes()[1];
        assertRejected(receiver, Arrays.copyOf(fragment, fragment.length + 1), REJECTED_FRAGMENT_OVERSIZE);
    }

    @Test
    void shouldRejectShortNonFinalFragment()
    {
        final byte[] fragment = fragmentsOf3000Bytes()[1];
        assertRejected(receiver, Arrays.copyOf(fragment, fragment.length - 1), REJECTED_FRAGMENT_SHORT);
    }

    @Test
    void shouldRejectEmptyFinalFragment()
    {
        final byte[] fragment = fragmentsOf3000Bytes()[2];
        assertRejected(receiver, Arrays.copyOf(fragment, FragmentHeader.BYTES), REJECTED_FRAGMENT_SHORT);
    }

    @Test
    void shouldRejectFragmentCountMismatch()
    {
        final byte[][] fragments = fragmentsOf3000Bytes();
        assertEquals(FRAGMENTS_RECEIVED, receiver.receive(fragments[0], 0));
        final byte[] fragment = fragments[1].clone();
        fragment[4] = 3;
        assertRejected(receiver, fragment, REJECTED_FRAGMENT_COUNT_MISMATCH);
        assertEquals(FRAGMENTS_RECEIVED, receiver.receive(fragments[1], 0));
        assertEquals(PACKETS_DELIVERED, receiver.receive(fragments[2], 0));
    }

    @Test
    void shouldRejectDuplicateFragment()
    {
        final byte[][] fragments = fragmentsOf3000Bytes();
        receiver.receive(fragments[0], 0);
        assertRejected(receiver, fragments[0], REJECTED_FRAGMENT_DUPLICATE);
    }

    @Test
    void shouldRejectFirstFragmentWhosePacketHeaderNamesAnotherSequence()
    {
        final byte[] fragment = fragmentsOf3000Bytes()[0];
        fragment[FragmentHeader.BYTES + 1] ^= 1;
        assertRejected(receiver, fragment, REJECTED_FRAGMENT_SEQUENCE_MISMATCH);
    }

    @Test
    void shouldRejectFragmentOfPacketAlreadyDeliveredAsDuplicate()
    {
        final byte[][] fragments = fragmentsOf3000Bytes();
        for (final byte[] fragment : fragments)
        {
            receiver.receive(fragment, 0);
        }
        assertRejected(receiver, fragments[1], REJECTED_DUPLICATE);
    }

    @Test
    void shouldRejectFragmentOfStaleSequence()
    {
        final byte[][] old = fragmentsOf3000Bytes();
        for (int i = 0; i < 300; i++)
        {
            sender.send(1, 0);
        }
        receiver.receive(sender.transmitted.last(), 0);
        assertRejected(receiver, old[1], REJECTED_STALE);
    }

    @Test
    void shouldCountEveryRejectionReason()
    {
        final Runnable[] scenarios =
        {
            this::shouldRejectDuplicatePacket,
            this::shouldRejectTruncatedHeaders,
            this::shouldRejectMalformedPrefixes,
            this::shouldRejectOversizeDatagram,
            this::shouldRejectCorruptedPacketWhenIntegrityEnabled,
            this::shouldRejectFragmentIdNotBelowCount,
            this::shouldRejectFragmentCountAboveMaximum,
            this::shouldRejectFragmentLargerThanFragmentSize,
            this::shouldRejectShortNonFinalFragment,
            this::shouldRejectFragmentCountMismatch,
            this::shouldRejectDuplicateFragment,
            this::shouldRejectFirstFragmentWhosePacketHeaderNamesAnotherSequence,
            this::shouldRejectPacketOlderThanReceivedWindow,
        };
        for (final Runnable scenario : scenarios)
        {
            scenario.run();
        }
        final Set<ReliableCounters> all = new TreeSet<>();
        for (final ReliableCounters reason : ReliableCounters.values())
        {
            if (reason.isRefusal())
            {
                all.add(reason);
            }
        }
        assertEquals(all, reasonsSeen);
    }
}
