package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.statesync.sync.reliable.ReliableCounters.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ReliableConfig#heldPacketSlots}: a packet its processor refuses for now ({@link PacketProcessor#mayPassLater})
 * is offered once more right after the next delivery, through the whole receive path, and then forgotten.
 */
class HeldPacketsTest
{
    private static final long NOW_NS = 1_000_000L;

    /**
     * Accepts a packet only after every earlier sequence was accepted, the way a snapshot coded against the one
     * before it can be decoded only after that one; says such a packet may pass later, unless told not to.
     */
    private static final class InOrderProcessor implements PacketProcessor
    {
        final List<Integer> offered = new ArrayList<>();
        final List<Integer> accepted = new ArrayList<>();
        boolean hintLater = true;
        int asked;
        private int nextExpected;

        @Override
        public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
        {
            offered.add(sequence);
            if (sequence != nextExpected)
            {
                return false;
            }
            nextExpected++;
            accepted.add(sequence);
            return true;
        }

        @Override
        public boolean mayPassLater()
        {
            asked++;
            return hintLater;
        }
    }

    private final Recorders.Peer sender = new Recorders.Peer(new ReliableConfig().integrityEnabled(true));
    private final InOrderProcessor processor = new InOrderProcessor();

    private ReliableEndpoint receiver(final int slots)
    {
        return new ReliableEndpoint(new ReliableConfig().integrityEnabled(true).heldPacketSlots(slots),
            new Recorders.Transmitted(), processor, new Recorders.Acked(), 0L);
    }

    private static ReliableCounters receive(final ReliableEndpoint endpoint, final byte[] datagram)
    {
        return endpoint.receivePacket(new UnsafeBuffer(datagram), 0, datagram.length, NOW_NS);
    }

    /** Sends {@code count} packets of {@code bytes} each and returns their datagrams (one each below 1024 bytes). */
    private List<byte[]> send(final int count, final int bytes)
    {
        final List<byte[]> datagrams = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            sender.send(bytes, 0);
            datagrams.add(sender.transmitted.last());
        }
        return datagrams;
    }

    @Test
    void aPacketThatOvertookTheOneItNeedsIsDeliveredRightAfterIt()
    {
        final ReliableEndpoint receiver = receiver(2);
        final List<byte[]> packets = send(2, 40);
        final long before = receiver.stateDigest();

        assertEquals(PACKETS_HELD, receive(receiver, packets.get(1)));
        assertEquals(before, receiver.stateDigest(), "a held packet changes nothing yet");

        assertEquals(PACKETS_DELIVERED, receive(receiver, packets.get(0)));
        assertEquals(List.of(1, 0, 1), processor.offered);
        assertEquals(List.of(0, 1), processor.accepted);
        assertEquals(1, receiver.newestReceivedSequence(), "the held packet is acked as delivered");
        assertEquals(1, receiver.counter(PACKETS_HELD));
        assertEquals(1, receiver.counter(HELD_PACKETS_DELIVERED));
        assertEquals(1, receiver.counter(PACKETS_DELIVERED), "outcomes count datagrams as they arrived");
        assertEquals(2, receiver.counter(DATAGRAMS_RECEIVED), "a second offer is not a datagram");
        assertEquals(0, receiver.counter(PACKETS_NOT_PROCESSED));

        assertEquals(REJECTED_DUPLICATE, receive(receiver, packets.get(1)), "delivered once, as any packet");
    }

    @Test
    void aHeldPacketIsOfferedOnceMoreThenForgotten()
    {
        final ReliableEndpoint receiver = receiver(2);
        final List<byte[]> packets = send(4, 40);
        assertEquals(PACKETS_HELD, receive(receiver, packets.get(2)));
        assertEquals(PACKETS_DELIVERED, receive(receiver, packets.get(0)));
        assertEquals(List.of(2, 0, 2), processor.offered, "offered again after the next delivery, refused again");
        assertEquals(1, receiver.counter(HELD_PACKETS_REFUSED));

        assertEquals(PACKETS_DELIVERED, receive(receiver, packets.get(1)));
        assertEquals(List.of(2, 0, 2, 1), processor.offered, "a packet refused on its second offer is gone");
        assertEquals(1, processor.asked, "a second offer is never held again");
        assertEquals(PACKETS_HELD, receive(receiver, packets.get(3)), "sequence 2 is still missing");
    }

    @Test
    void aFullHoldDisplacesTheOldest()
    {
        final ReliableEndpoint receiver = receiver(1);
        final List<byte[]> packets = send(3, 40);
        assertEquals(PACKETS_HELD, receive(receiver, packets.get(2)));
        assertEquals(PACKETS_HELD, receive(receiver, packets.get(1)));
        assertEquals(1, receiver.counter(HELD_PACKETS_DROPPED));

        assertEquals(PACKETS_DELIVERED, receive(receiver, packets.get(0)));
        assertEquals(List.of(0, 1), processor.accepted, "only the newest hold was kept");
        assertEquals(1, receiver.counter(HELD_PACKETS_DELIVERED));
    }

    @Test
    void nothingIsHeldByDefaultOrWithoutTheProcessorsWord()
    {
        final ReliableEndpoint byDefault = new ReliableEndpoint(new ReliableConfig().integrityEnabled(true),
            new Recorders.Transmitted(), processor, new Recorders.Acked(), 0L);
        final List<byte[]> packets = send(2, 40);
        assertEquals(PACKETS_NOT_PROCESSED, receive(byDefault, packets.get(1)));
        assertEquals(0, processor.asked, "reliable.io's default: the processor is not even asked");
        assertEquals(PACKETS_DELIVERED, receive(byDefault, packets.get(0)));
        assertEquals(List.of(0), processor.accepted);

        final InOrderProcessor unhinted = new InOrderProcessor();
        unhinted.hintLater = false;
        final ReliableEndpoint holding = new ReliableEndpoint(new ReliableConfig().integrityEnabled(true)
            .heldPacketSlots(2), new Recorders.Transmitted(), unhinted, new Recorders.Acked(), 0L);
        assertEquals(PACKETS_NOT_PROCESSED, receive(holding, packets.get(1)));
        assertEquals(PACKETS_DELIVERED, receive(holding, packets.get(0)));
        assertEquals(List.of(1, 0), unhinted.offered);
    }

    @Test
    void aHeldPacketThatArrivesAgainIsNotDeliveredTwice()
    {
        final ReliableEndpoint receiver = receiver(2);
        final List<byte[]> packets = send(2, 40);
        assertEquals(PACKETS_HELD, receive(receiver, packets.get(1)));
        assertEquals(PACKETS_HELD, receive(receiver, packets.get(1)), "a network duplicate is held again");
        assertEquals(PACKETS_DELIVERED, receive(receiver, packets.get(0)));
        assertEquals(List.of(0, 1), processor.accepted);
        assertEquals(1, receiver.counter(HELD_PACKETS_DELIVERED));
        assertEquals(1, receiver.counter(HELD_PACKETS_DROPPED), "its second copy is a duplicate by then");
    }

    @Test
    void aHeldCompletingFragmentDeliversItsPacketLater()
    {
        final ReliableEndpoint receiver = receiver(2);
        sender.send(40, 0);
        final byte[] first = sender.transmitted.last();
        final int before = sender.transmitted.datagrams.size();
        sender.send(3000, 0);
        final List<byte[]> fragments = new ArrayList<>(sender.transmitted.datagrams.subList(before,
            sender.transmitted.datagrams.size()));
        assertTrue(fragments.size() > 1);
        for (int i = 0; i < fragments.size() - 1; i++)
        {
            assertEquals(FRAGMENTS_RECEIVED, receive(receiver, fragments.get(i)));
        }
        assertEquals(PACKETS_HELD, receive(receiver, fragments.get(fragments.size() - 1)));
        assertEquals(PACKETS_DELIVERED, receive(receiver, first));
        assertEquals(List.of(0, 1), processor.accepted);
        assertEquals(1, receiver.counter(HELD_PACKETS_DELIVERED));
    }

    @Test
    void aResetForgetsHeldPackets()
    {
        final ReliableEndpoint receiver = receiver(2);
        final List<byte[]> packets = send(2, 40);
        assertEquals(PACKETS_HELD, receive(receiver, packets.get(1)));
        receiver.reset(NOW_NS);
        assertEquals(PACKETS_DELIVERED, receive(receiver, packets.get(0)));
        assertEquals(List.of(1, 0), processor.offered, "nothing held survives a reset");
    }

    @Test
    void theSlotsAreBounded()
    {
        assertThrows(IllegalArgumentException.class, () -> new ReliableConfig().heldPacketSlots(-1).validate());
        assertThrows(IllegalArgumentException.class,
            () -> new ReliableConfig().heldPacketSlots(ReliableConfig.MAX_HELD_PACKET_SLOTS + 1).validate());
        assertEquals(3, new ReliableConfig().heldPacketSlots(3).copy().heldPacketSlots());
        assertFalse(new PacketProcessor()
        {
            @Override
            public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
            {
                return false;
            }
        }.mayPassLater(), "a processor that says nothing holds nothing");
    }
}
