package dev.statesync.sync.reliable;

import dev.statesync.codec.AllocationMeter;
import dev.statesync.sync.sim.DatagramHandler;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Send, receive, ack processing, fragmentation, held packets, update and the simulator must not allocate once warm:
 * measured with the thread's allocated-bytes counter, so boxing or a stray lambda fails the test.
 */
class SteadyStateAllocationTest
{
    private static final long MS = 1_000_000L;

    private static final class Loop implements DatagramHandler
    {
        final NetworkSimulator simulator = new NetworkSimulator(new NetworkSimulatorConfig()
            .latencyMs(20).jitterMs(5).lossFraction(0.1).duplicateFraction(0.05).maxPacketBytes(1500).seed(1));
        final ReliableEndpoint[] endpoints = new ReliableEndpoint[2];
        final UnsafeBuffer payload = new UnsafeBuffer(new byte[4000]);
        final long[] acks = new long[2];
        /** Sequences the receiving end refused once, for now: held, then offered again after the next delivery. */
        final boolean[] refusedOnce = new boolean[65536];
        long nowNs;

        Loop()
        {
            for (int i = 0; i < 2; i++)
            {
                final int self = i;
                final PacketTransmitter transmitter =
                    (buffer, offset, length) -> simulator.send(self, 1 - self, buffer, offset, length, nowNs);
                final PacketProcessor processor = new PacketProcessor()
                {
                    @Override
                    public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
                    {
                        // Every 16th packet is refused on its first offer and may pass later, so the endpoint holds it.
                        if (self == 1 && (sequence & 15) == 3 && !refusedOnce[sequence])
                        {
                            refusedOnce[sequence] = true;
                            return false;
                        }
                        refusedOnce[sequence] = false;
                        return true;
                    }

                    @Override
                    public boolean mayPassLater()
                    {
                        return true;
                    }
                };
                final AckListener ackListener = sequence -> acks[self]++;
                endpoints[i] = new ReliableEndpoint(
                    new ReliableConfig().integrityEnabled(true).protocolId(5).heldPacketSlots(2), transmitter, processor,
                    ackListener, 0L);
            }
        }

        void run(final int ticks)
        {
            for (int t = 0; t < ticks; t++)
            {
                nowNs += MS;
                endpoints[0].sendPacket(payload, 0, t % 8 == 0 ? 3000 : 200, nowNs);
                endpoints[1].sendPacket(payload, 0, 100, nowNs);
                simulator.poll(nowNs, this);
                endpoints[0].update(nowNs);
                endpoints[1].update(nowNs);
            }
        }

        @Override
        public void onDatagram(final int from, final int to, final DirectBuffer buffer, final int offset, final int length)
        {
            endpoints[to].receivePacket(buffer, offset, length, nowNs);
        }
    }

    @Test
    void shouldNotAllocateWhenSendingReceivingAckingFragmentingAndHoldingOnceWarm()
    {
        final Loop loop = new Loop();
        loop.run(5_000);
        final long acksBefore = loop.acks[0];

        final long before = AllocationMeter.allocatedBytes();
        loop.run(20_000);
        final long allocated = AllocationMeter.allocatedBytes() - before;

        assertTrue(loop.acks[0] - acksBefore > 10_000, "the loop really exchanged packets");
        assertEquals(0, loop.endpoints[1].counter(ReliableCounters.REJECTED_INTEGRITY));
        assertTrue(loop.endpoints[1].counter(ReliableCounters.FRAGMENTS_RECEIVED) > 1000);
        assertTrue(loop.endpoints[1].counter(ReliableCounters.HELD_PACKETS_DELIVERED) > 500,
            "held packets delivered on their second offer: " +
                loop.endpoints[1].counter(ReliableCounters.HELD_PACKETS_DELIVERED));
        // a few hundred bytes of slack for the measurement itself
        assertTrue(allocated < 1024, "allocated " + allocated + " bytes in 20,000 ticks");
    }
}
