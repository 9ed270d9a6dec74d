package dev.statesync.sync.reliable;

import dev.statesync.sync.sim.DatagramHandler;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.BitSet;

/**
 * Two endpoints joined by a {@link NetworkSimulator}, sending self-validating payloads and checking
 * every delivery and every ack against what was really sent.
 */
final class SimulatedPair implements DatagramHandler
{
    final NetworkSimulator simulator;
    final Side a;
    final Side b;
    long nowNs;

    SimulatedPair(final NetworkSimulatorConfig networkConfig, final ReliableConfig endpointConfig)
    {
        simulator = new NetworkSimulator(networkConfig.maxPacketBytes(1500));
        a = new Side(0, endpointConfig);
        b = new Side(1, endpointConfig);
        a.peer = b;
        b.peer = a;
    }

    void step(final long stepNs)
    {
        nowNs += stepNs;
        simulator.poll(nowNs, this);
    }

    @Override
    public void onDatagram(final int from, final int to, final DirectBuffer buffer, final int offset, final int length)
    {
        (to == 0 ? a : b).endpoint.receivePacket(buffer, offset, length, nowNs);
    }

    final class Side implements PacketTransmitter, PacketProcessor, AckListener
    {
        final int address;
        final ReliableEndpoint endpoint;
        final UnsafeBuffer scratch = new UnsafeBuffer(new byte[ReliableConfig.DEFAULT_MAX_PACKET_SIZE_BYTES]);
        final long[] indexBySequence = new long[65536];
        final BitSet delivered = new BitSet();
        final BitSet acked = new BitSet();
        Side peer;
        long sent;
        long invalidPayloads;
        long duplicateDeliveries;
        long duplicateAcks;
        long ackedButNeverDelivered;

        Side(final int address, final ReliableConfig config)
        {
            this.address = address;
            this.endpoint = new ReliableEndpoint(config, this, this, this, 0L);
        }

        void send(final int length)
        {
            final long index = sent++;
            TestPayloads.write(scratch, index, length);
            final int sequence = endpoint.sendPacket(scratch, 0, length, nowNs);
            indexBySequence[sequence] = index;
        }

        @Override
        public void transmit(final DirectBuffer buffer, final int offset, final int length)
        {
            simulator.send(address, peer.address, buffer, offset, length, nowNs);
        }

        @Override
        public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
        {
            final long index = TestPayloads.verify(buffer, offset, length);
            if (index < 0)
            {
                invalidPayloads++;
                return false;
            }
            if (delivered.get((int)index))
            {
                duplicateDeliveries++;
            }
            delivered.set((int)index);
            return true;
        }

        @Override
        public void onAcked(final int sequence)
        {
            final int index = (int)indexBySequence[sequence];
            if (acked.get(index))
            {
                duplicateAcks++;
            }
            acked.set(index);
            if (!peer.delivered.get(index))
            {
                ackedButNeverDelivered++;
            }
        }

        /**
         * @return share of the packets the peer received (before the last {@code tail}) that were acked.
         */
        double ackedShareOfDelivered(final int tail)
        {
            int delivered = 0;
            int ackedToo = 0;
            for (int i = 0; i < sent - tail; i++)
            {
                if (peer.delivered.get(i))
                {
                    delivered++;
                    if (acked.get(i))
                    {
                        ackedToo++;
                    }
                }
            }
            return delivered == 0 ? 0.0 : (double)ackedToo / delivered;
        }
    }
}
