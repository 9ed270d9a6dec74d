package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;

import java.util.ArrayList;
import java.util.List;

/**
 * Test doubles that remember what an endpoint did.
 */
final class Recorders
{
    private Recorders()
    {
    }

    static final class Transmitted implements PacketTransmitter
    {
        final List<byte[]> datagrams = new ArrayList<>();

        @Override
        public void transmit(final DirectBuffer buffer, final int offset, final int length)
        {
            final byte[] copy = new byte[length];
            buffer.getBytes(offset, copy);
            datagrams.add(copy);
        }

        byte[] get(final int index)
        {
            return datagrams.get(index).clone();
        }

        byte[] last()
        {
            return get(datagrams.size() - 1);
        }
    }

    static final class Processed implements PacketProcessor
    {
        final List<Integer> sequences = new ArrayList<>();
        final List<byte[]> payloads = new ArrayList<>();
        boolean accept = true;

        @Override
        public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
        {
            if (accept)
            {
                final byte[] copy = new byte[length];
                buffer.getBytes(offset, copy);
                sequences.add(sequence);
                payloads.add(copy);
            }
            return accept;
        }
    }

    static final class Acked implements AckListener
    {
        final List<Integer> sequences = new ArrayList<>();

        @Override
        public void onAcked(final int sequence)
        {
            sequences.add(sequence);
        }
    }

    /**
     * An endpoint with recorders attached.
     */
    static final class Peer
    {
        final Transmitted transmitted = new Transmitted();
        final Processed processed = new Processed();
        final Acked acked = new Acked();
        final ReliableEndpoint endpoint;

        Peer(final ReliableConfig config)
        {
            endpoint = new ReliableEndpoint(config, transmitted, processed, acked, 0L);
        }

        Peer()
        {
            this(new ReliableConfig());
        }

        int send(final int length, final long nowNs)
        {
            final org.agrona.concurrent.UnsafeBuffer payload = new org.agrona.concurrent.UnsafeBuffer(new byte[length]);
            for (int i = 0; i < length; i++)
            {
                payload.putByte(i, (byte)(i * 13 + length));
            }
            return endpoint.sendPacket(payload, 0, length, nowNs);
        }

        ReliableCounters receive(final byte[] datagram, final long nowNs)
        {
            return endpoint.receivePacket(new org.agrona.concurrent.UnsafeBuffer(datagram), 0, datagram.length, nowNs);
        }
    }
}
