package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.udp.UdpClientConfig;
import dev.statesync.sync.udp.UdpServerConfig;
import dev.statesync.sync.udp.UdpServerCounters;

/**
 * Junk sent to a serving {@link SnapshotServer} from an address without a slot (random bytes, reliable-looking
 * packets, every control type, the sizes the handshake packets have) is refused and changes nothing: not the slots,
 * not any client's baselines.
 */
class SnapshotServerRefusalTest
{
    private static final int OBJECTS = 16;
    private static final long TICK_NS = 1_000_000_000L / 60;

    @Test
    @Timeout(30)
    void junkFromAnAddressWithoutASlotShouldChangeNothing() throws Exception
    {
        final StateSchema schema = StateSchema.highPrecision3d();
        final QuantizedStates states = new QuantizedStates(schema, OBJECTS);
        for (int object = 0; object < OBJECTS; object++)
        {
            for (int f = 0; f < schema.stride(); f++)
            {
                states.array()[states.offsetOf(object) + f] = schema.fieldMin(f);
            }
        }
        final SnapshotLinkConfig link = new SnapshotLinkConfig().snapshot(new SnapshotConfig().rangeCoded(true));
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        try (SnapshotServer server = new SnapshotServer(new InetSocketAddress(loopback, 0),
                new UdpServerConfig().maxClients(2), schema, OBJECTS, HoldPredictor.INSTANCE, link, null, 0);
             SnapshotClient client = new SnapshotClient(new InetSocketAddress(loopback, 0), server.localAddress(),
                 new UdpClientConfig(), schema, OBJECTS, HoldPredictor.INSTANCE, link, 0);
             DatagramChannel attacker = DatagramChannel.open())
        {
            attacker.bind(new InetSocketAddress(loopback, 0));
            client.connect(0);
            int tick = 0;
            final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while ((tick < 30 || !client.isConnected()) && System.nanoTime() < deadlineNs)
            {
                tick++;
                final long nowNs = tick * TICK_NS;
                states.array()[states.offsetOf(tick % OBJECTS)]++;
                server.poll(nowNs);
                server.sendSnapshots(tick, states, nowNs);
                server.update(nowNs);
                LockSupport.parkNanos(200_000L);
                client.poll(nowNs);
                client.sendAcks(nowNs);
                client.update(nowNs);
            }
            assertTrue(client.isConnected());
            LockSupport.parkNanos(2_000_000L);
            final long nowNs = tick * TICK_NS;
            server.poll(nowNs);
            assertTrue(server.authority(0).sender().objectsSent() > 0, "the client was being served");

            final SplittableRandom random = new SplittableRandom(5);
            final int[] sizes = { 1, 4, 9, 19, 57, 89, 256, 300, 1200 };
            for (int i = 0; i < 300; i++)
            {
                final byte[] junk = new byte[sizes[random.nextInt(sizes.length)]];
                random.nextBytes(junk);
                if (i % 3 == 0)
                {
                    junk[0] = (byte)random.nextInt(0, 16); // a reliable packet's or a control packet's first byte
                }
                final long digest = server.stateDigest(nowNs);
                final long received = server.udpServer().counter(UdpServerCounters.DATAGRAMS_RECEIVED);
                attacker.send(ByteBuffer.wrap(junk), server.localAddress());
                final long readDeadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                while (server.udpServer().counter(UdpServerCounters.DATAGRAMS_RECEIVED) == received &&
                    System.nanoTime() < readDeadlineNs)
                {
                    server.poll(nowNs);
                }
                assertEquals(received + 1, server.udpServer().counter(UdpServerCounters.DATAGRAMS_RECEIVED));
                assertEquals(digest, server.stateDigest(nowNs), "junk " + i + " changed the server");
            }
            long refused = 0;
            for (final UdpServerCounters counter : UdpServerCounters.values())
            {
                if (counter.isRefusal())
                {
                    refused += server.udpServer().counter(counter);
                }
            }
            // A REQUEST-sized junk datagram may be answered (a CHALLENGE costs no state); everything else is refused.
            assertTrue(refused >= 250, "refused " + refused);
            assertEquals(1, server.connectedCount());

            // The digest does see what an accepted datagram changes: the client's acks.
            final long digest = server.stateDigest(nowNs);
            client.sendAcks(nowNs);
            final long ackDeadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (server.stateDigest(nowNs) == digest && System.nanoTime() < ackDeadlineNs)
            {
                server.poll(nowNs);
            }
            assertTrue(server.stateDigest(nowNs) != digest, "an accepted ack packet moves the digest");
        }
    }
}
