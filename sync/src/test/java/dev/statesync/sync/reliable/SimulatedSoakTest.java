package dev.statesync.sync.reliable;

import dev.statesync.sync.sim.NetworkSimulatorCounters;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import org.junit.jupiter.api.Test;

import static dev.statesync.sync.reliable.ReliableCounters.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Long runs through the seeded simulator with self-validating payloads.
 */
class SimulatedSoakTest
{
    private static final long MS = 1_000_000L;

    @Test
    void shouldAckEveryDeliveredPacketExactlyOnceAcrossSequenceWrapWithLossDuplicatesAndReordering()
    {
        final SimulatedPair pair = new SimulatedPair(new NetworkSimulatorConfig()
            .latencyMs(20).jitterMs(10).lossFraction(0.25).duplicateFraction(0.1)
            .reorderFraction(0.1).reorderDelayMs(40).seed(70_000), new ReliableConfig());
        // one packet per 2 ms each way: a reordered packet arrives about 20 sequences late, inside the
        // 33-sequence ack window (see shouldNeverAckPacketArrivingBeyondTheAckWindow)
        final int packets = 72_000;
        for (int i = 0; i < packets; i++)
        {
            final int length = i % 100 == 0 ? 2000 : TestPayloads.lengthFor(i, 200);
            pair.a.send(length);
            pair.b.send(TestPayloads.lengthFor(i + 17, 120));
            pair.step(2 * MS);
        }
        for (int i = 0; i < 200; i++)
        {
            pair.step(MS);
        }

        for (final SimulatedPair.Side side : new SimulatedPair.Side[]{ pair.a, pair.b })
        {
            assertTrue(side.endpoint.counter(PACKETS_SENT) > 65536, "sequence must wrap");
            assertEquals(0, side.invalidPayloads, "corrupt payload delivered");
            assertEquals(0, side.duplicateDeliveries, "payload delivered twice");
            assertEquals(0, side.duplicateAcks, "packet acked twice");
            assertEquals(0, side.ackedButNeverDelivered, "ack for a packet the peer never processed");
            assertTrue(side.ackedShareOfDelivered(200) > 0.999, "acked share " + side.ackedShareOfDelivered(200));
            assertEquals(side.acked.cardinality(), side.endpoint.counter(PACKETS_ACKED));
            final double deliveredShare = (double)side.peer.delivered.cardinality() / side.sent;
            assertTrue(deliveredShare > 0.7 && deliveredShare < 0.8, "delivered share " + deliveredShare);
            assertTrue(side.endpoint.counter(REJECTED_DUPLICATE) > 1000, "duplicates reached the endpoint");
        }
        assertTrue(pair.simulator.counter(NetworkSimulatorCounters.REORDERED) > 10_000);
    }

    @Test
    void shouldReassembleFragmentedPacketsDespiteLossDuplicatesAndReordering()
    {
        final SimulatedPair pair = new SimulatedPair(new NetworkSimulatorConfig()
            .latencyMs(30).jitterMs(15).lossFraction(0.05).duplicateFraction(0.1)
            .reorderFraction(0.2).reorderDelayMs(30).seed(99), new ReliableConfig());
        final int packets = 3000;
        for (int i = 0; i < packets; i++)
        {
            pair.a.send(1025 + (int)((i * 2654435761L) % 7000));
            pair.b.send(TestPayloads.lengthFor(i, 100));
            pair.step(5 * MS);
        }
        for (int i = 0; i < 100; i++)
        {
            pair.step(MS);
        }
        final ReliableEndpoint receiver = pair.b.endpoint;
        assertEquals(0, pair.b.invalidPayloads);
        assertEquals(0, pair.b.duplicateDeliveries);
        assertEquals(0, pair.a.duplicateAcks);
        assertEquals(0, pair.a.ackedButNeverDelivered);
        final int delivered = pair.b.delivered.cardinality();
        assertTrue(delivered > packets * 0.6, "delivered " + delivered);
        assertTrue(delivered < packets, "some packets lost a fragment");
        assertTrue(receiver.counter(REJECTED_FRAGMENT_DUPLICATE) + receiver.counter(REJECTED_DUPLICATE) > 100);
        assertEquals(0, receiver.counter(REJECTED_FRAGMENT_COUNT_MISMATCH));
        assertEquals(0, receiver.counter(REJECTED_MALFORMED));
        assertTrue(pair.a.ackedShareOfDelivered(50) > 0.99);
    }

    @Test
    void shouldConvergeRttToTwiceTheSimulatedLatency()
    {
        final SimulatedPair pair = new SimulatedPair(
            new NetworkSimulatorConfig().latencyMs(50).seed(5), new ReliableConfig());
        for (int i = 0; i < 3000; i++)
        {
            pair.a.send(40);
            pair.b.send(40);
            pair.step(MS);
        }
        pair.a.endpoint.update(pair.nowNs);
        final double rttMs = pair.a.endpoint.rttMs();
        assertTrue(rttMs >= 100.0 && rttMs <= 101.5, "rtt " + rttMs);
        assertTrue(pair.a.endpoint.rttMinMs() >= 100.0);
        assertTrue(pair.a.endpoint.rttMaxMs() <= 101.5);
    }

    @Test
    void shouldEstimateRttAverageAndJitterUnderJitter()
    {
        final SimulatedPair pair = new SimulatedPair(
            new NetworkSimulatorConfig().latencyMs(50).jitterMs(10).seed(6),
            new ReliableConfig().rttSmoothingFactor(0.01f));
        for (int i = 0; i < 5000; i++)
        {
            pair.a.send(40);
            pair.b.send(40);
            pair.step(MS);
        }
        final ReliableEndpoint endpoint = pair.a.endpoint;
        endpoint.update(pair.nowNs);
        // the first of several later packets to arrive carries the ack, so samples lean below 2 x latency
        assertTrue(endpoint.rttAverageMs() > 90.0 && endpoint.rttAverageMs() < 101.0, "average " + endpoint.rttAverageMs());
        assertTrue(Math.abs(endpoint.rttMs() - endpoint.rttAverageMs()) < 4.0, "smoothed " + endpoint.rttMs());
        assertTrue(endpoint.jitterMs() > 1.0 && endpoint.jitterMs() < 10.0, "jitter " + endpoint.jitterMs());
        assertTrue(endpoint.rttMinMs() >= 80.0 && endpoint.rttMinMs() < 90.0, "min " + endpoint.rttMinMs());
        assertTrue(endpoint.rttMaxMs() > 105.0 && endpoint.rttMaxMs() <= 121.0, "max " + endpoint.rttMaxMs());
    }

    @Test
    void shouldEstimatePacketLossAndBandwidth()
    {
        final SimulatedPair pair = new SimulatedPair(
            new NetworkSimulatorConfig().latencyMs(10).lossFraction(0.2).seed(8), new ReliableConfig());
        for (int i = 0; i < 3000; i++)
        {
            pair.a.send(100);
            pair.b.send(100);
            pair.step(MS);
            pair.a.endpoint.update(pair.nowNs);
            pair.b.endpoint.update(pair.nowNs);
        }
        final ReliableEndpoint endpoint = pair.a.endpoint;
        assertTrue(endpoint.packetLossPercent() > 12 && endpoint.packetLossPercent() < 28,
            "loss " + endpoint.packetLossPercent());
        // 100 B payload + 8 or 9 B header + 28 B IP/UDP per ms is about 1090 kbps
        assertTrue(endpoint.sentBandwidthKbps() > 1000 && endpoint.sentBandwidthKbps() < 1200,
            "sent " + endpoint.sentBandwidthKbps());
        assertTrue(endpoint.receivedBandwidthKbps() > 750 && endpoint.receivedBandwidthKbps() < 1000,
            "received " + endpoint.receivedBandwidthKbps());
        assertTrue(endpoint.ackedBandwidthKbps() > 750 && endpoint.ackedBandwidthKbps() < 1000,
            "acked " + endpoint.ackedBandwidthKbps());
    }
}
