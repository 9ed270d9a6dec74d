/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static dev.statesync.sync.reliable.ReliableCounters.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The keyed MAC covers the sequence epoch (how often the sender's 16-bit sequence wrapped): packets keep flowing
 * across the wrap, and a datagram recorded one epoch earlier, whose sequence the window would take for a new
 * packet's, is refused as {@link ReliableCounters#REJECTED_INTEGRITY} with nothing changed.
 */
class SequenceEpochTest
{
    private static final LinkKeys KEYS = new LinkKeys(11L, 12L, 13L, 14L);
    private static final int RECORDED = 40;

    private final Recorders.Peer sender = new Recorders.Peer(new ReliableConfig().authenticate(KEYS, LinkSide.SERVER));
    private final Recorders.Peer receiver = new Recorders.Peer(new ReliableConfig().authenticate(KEYS, LinkSide.CLIENT));
    private final UnsafeBuffer payload = new UnsafeBuffer(new byte[16]);

    /** Sends one 16-byte packet whose first int is {@code marker} and delivers it; @return its datagram. */
    private byte[] sendAndDeliver(final int marker)
    {
        payload.putInt(0, marker);
        sender.endpoint.sendPacket(payload, 0, 16, 0);
        final byte[] datagram = sender.transmitted.datagrams.remove(sender.transmitted.datagrams.size() - 1);
        assertEquals(PACKETS_DELIVERED, receiver.receive(datagram, 0), "packet " + marker);
        receiver.processed.payloads.clear();
        receiver.processed.sequences.clear();
        return datagram;
    }

    @Test
    void aDatagramReplayedFromTheLastEpochFailsItsTagWhileEveryRealOneIsDelivered()
    {
        byte[] recorded = null;
        for (int i = 0; i < 65536 + RECORDED - 10; i++)
        {
            final byte[] datagram = sendAndDeliver(i);
            if (i == RECORDED)
            {
                recorded = datagram;
            }
        }
        // The receiver is 10 sequences short of sequence 40 of the second epoch: to the window, 40 is a new packet.
        final long digest = receiver.endpoint.stateDigest();
        final long delivered = receiver.endpoint.counter(PACKETS_DELIVERED);
        assertEquals(REJECTED_INTEGRITY, receiver.receive(recorded, 0), "sequence 40 of the first epoch, replayed");
        assertEquals(digest, receiver.endpoint.stateDigest());
        assertEquals(delivered, receiver.endpoint.counter(PACKETS_DELIVERED));

        for (int i = 0; i < 20; i++)
        {
            sendAndDeliver(i);
        }
        assertEquals(0, receiver.endpoint.counter(REJECTED_INTEGRITY) - 1, "only the replay was refused");
    }

    @Test
    void theSameBytesSignedInAnotherEpochCarryAnotherTag()
    {
        final KeyedMacIntegrity mac = new KeyedMacIntegrity(KEYS, LinkSide.SERVER);
        final UnsafeBuffer first = new UnsafeBuffer(new byte[32]);
        final UnsafeBuffer second = new UnsafeBuffer(new byte[32]);
        mac.append(first, 0, 20, 0);
        mac.append(second, 0, 20, 1);
        assertNotEquals(first.getLong(20), second.getLong(20));
        final KeyedMacIntegrity peer = new KeyedMacIntegrity(KEYS, LinkSide.CLIENT);
        assertEquals(true, peer.verify(second, 0, 28, 1));
        assertEquals(false, peer.verify(second, 0, 28, 0));
        assertEquals(true, peer.verify(first, 0, 28), "the epoch-less check is epoch 0");
    }

    @Test
    void packetsReorderedAcrossTheWrapAreDelivered()
    {
        for (int i = 0; i < 65534; i++)
        {
            sendAndDeliver(i);
        }
        // Sequences 65534, 65535 (first epoch) and 0, 1 (second), delivered 0, 65535, 1, 65534.
        final byte[][] datagrams = new byte[4][];
        for (int i = 0; i < 4; i++)
        {
            payload.putInt(0, i);
            sender.endpoint.sendPacket(payload, 0, 16, 0);
            datagrams[i] = sender.transmitted.datagrams.remove(sender.transmitted.datagrams.size() - 1);
        }
        assertEquals(PACKETS_DELIVERED, receiver.receive(datagrams[2], 0));
        assertEquals(PACKETS_DELIVERED, receiver.receive(datagrams[1], 0));
        assertEquals(PACKETS_DELIVERED, receiver.receive(datagrams[3], 0));
        assertEquals(PACKETS_DELIVERED, receiver.receive(datagrams[0], 0));
        assertEquals(0, receiver.endpoint.counter(REJECTED_INTEGRITY));
    }
}
