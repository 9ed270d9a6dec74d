package dev.statesync.bench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.snapshot.SnapshotClient;
import dev.statesync.sync.snapshot.SnapshotReplicaCounters;
import dev.statesync.sync.udp.DeniedReason;
import dev.statesync.sync.udp.UdpClientConfig;

/**
 * The {@code client} subcommand: a replica on 127.0.0.1, a {@link SnapshotClient} that connects through the
 * server's handshake, then decodes the server's snapshots (the simulated run's codec, {@link UdpAuthorityServer#link})
 * and acks them with an empty packet every tick. Stops by itself after the run's seconds plus one second of grace,
 * counted from the moment it connected, and prints what it received, the link, and a digest of the states it holds
 * (equal to the server's final digest when it converged); gives up if the handshake fails (connect timeout: 5 s).
 */
public final class UdpReplicaClient implements AutoCloseable
{
    private static final long TICK_NS = 1_000_000_000L / Scene.TICK_RATE_HZ;
    private static final long GRACE_NS = 1_000_000_000L;

    private final Options options;
    private final SnapshotClient client;

    /**
     * @param options    scene, schema and budget (must match the server's), seconds.
     * @param serverPort the server's port on 127.0.0.1.
     * @throws IOException if the socket cannot be opened.
     */
    public UdpReplicaClient(final Options options, final int serverPort) throws IOException
    {
        this.options = options;
        final QuantizedScene shape = QuantizedScene.forRun(options);
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        this.client = new SnapshotClient(new InetSocketAddress(loopback, 0), new InetSocketAddress(loopback, serverPort),
            new UdpClientConfig(), shape.schema(), shape.objectCount(),
            Predictors.forRun(options.schema(), shape.scene(), shape.schema(), options.predictor()),
            UdpAuthorityServer.link(options, shape.schema()),
            System.nanoTime());
    }

    /**
     * Connect, then run until the run's seconds plus a second of grace have passed or the server goes away.
     *
     * @param out where to print the summary, or null.
     * @return true when it connected; false when the handshake failed (nothing was received).
     */
    public boolean run(final PrintStream out)
    {
        long nowNs = System.nanoTime();
        client.connect(nowNs);
        while (client.state().isConnecting())
        {
            LockSupport.parkNanos(500_000L);
            nowNs = System.nanoTime();
            client.poll(nowNs);
            client.update(nowNs);
        }
        if (!client.isConnected())
        {
            if (out != null)
            {
                out.printf(Locale.ROOT, "client: not connected: %s%s%n", client.state(),
                    client.deniedReason() == DeniedReason.SETTINGS_MISMATCH ?
                    " (settings mismatch: the server runs another scene, schema, --predictor or --range-coding)" :
                    client.deniedReason() == DeniedReason.SERVER_FULL ? " (server full)" : "");
            }
            return false;
        }
        final long endNs = nowNs + options.ticks() * TICK_NS + GRACE_NS;
        long nextAckNs = nowNs;
        while ((nowNs = System.nanoTime()) < endNs && client.isConnected())
        {
            client.poll(nowNs);
            if (nowNs >= nextAckNs)
            {
                client.sendAcks(nowNs);
                client.update(nowNs);
                nextAckNs += TICK_NS;
            }
            LockSupport.parkNanos(500_000L);
        }
        if (out != null)
        {
            final SnapshotReceiver receiver = client.receiver();
            out.printf(Locale.ROOT,
                "client %d: %d snapshots applied (newest tick %d), %d decode failures, %d baseline misses " +
                    "(%d held for their reference, %d of them applied), " +
                    "received %.1f kbps (smoothed), RTT %.1f ms, loss %.1f%%, link %s, states digest %08x%n",
                client.udpClient().clientIndex(), snapshotsApplied(), receiver.lastTick(), decodeFailures(),
                client.replica().baselineMisses(),
                client.endpoint().counter(ReliableCounters.PACKETS_HELD),
                client.endpoint().counter(ReliableCounters.HELD_PACKETS_DELIVERED),
                client.endpoint().receivedBandwidthKbps(), client.endpoint().rttMs(),
                client.endpoint().packetLossPercent(), client.state(), statesDigest(receiver));
        }
        return true;
    }

    /** @return a digest of the held states, to compare with the server's at its last tick. */
    static int statesDigest(final SnapshotReceiver receiver)
    {
        return Arrays.hashCode(receiver.states().array());
    }

    /** @return the receiver (states and their ticks). */
    public SnapshotReceiver receiver()
    {
        return client.receiver();
    }

    /** @return snapshots decoded and applied. */
    public long snapshotsApplied()
    {
        return client.replica().counter(SnapshotReplicaCounters.SNAPSHOTS_APPLIED);
    }

    /** @return snapshots that failed to decode. */
    public long decodeFailures()
    {
        return client.replica().decodeFailures();
    }

    @Override
    public void close()
    {
        client.close();
    }
}
