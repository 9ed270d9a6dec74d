package dev.statesync.bench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Locale;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.snapshot.ObjectCodec;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.sync.udp.DisconnectReason;
import dev.statesync.sync.udp.UdpServer;
import dev.statesync.sync.udp.UdpServerConfig;
import dev.statesync.sync.udp.UdpServerHandler;

/**
 * The {@code server} subcommand: steps the scene in real time at 60 Hz on 127.0.0.1 and serves one
 * replica over real UDP, delta-coding each snapshot against that client's acked baselines. The replica gets its
 * slot through {@link UdpServer}'s handshake, and every datagram of the link is authenticated with the keys it
 * derived. Stops by itself after the run's ticks.
 */
public final class UdpAuthorityServer implements UdpServerHandler, AutoCloseable
{
    private static final long TICK_NS = 1_000_000_000L / Scene.TICK_RATE_HZ;

    private final Options options;
    private final QuantizedScene world;
    private final UdpServer server;
    private final SnapshotSender sender;
    private final UnsafeBuffer payload = new UnsafeBuffer(new byte[LinkBudget.UNLIMITED_PAYLOAD_BYTES]);
    private final BitWriter writer = new BitWriter();
    private final QuantizedStates[] history;
    private int client = -1;
    private long snapshotsSent;
    private long packetsAcked;

    /**
     * @param options       scene, schema, seconds.
     * @param port          UDP port on 127.0.0.1 (0 for any free port).
     * @param keepHistory   keep every tick's quantized states (for tests comparing the replica).
     * @throws IOException if the socket cannot be opened.
     */
    public UdpAuthorityServer(final Options options, final int port, final boolean keepHistory) throws IOException
    {
        this.options = options;
        this.world = new QuantizedScene(options.scene(), options.schema());
        this.sender = new SnapshotSender(world.schema(), world.objectCount(),
            Predictors.forRun(options.schema(), world.scene(), world.schema()), new ObjectCodec(world.schema()), new SnapshotConfig());
        this.server = new UdpServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
            new UdpServerConfig().maxClients(1), this, System.nanoTime());
        this.history = keepHistory ? new QuantizedStates[options.ticks() + 1] : null;
    }

    /** @return the bound port. */
    public int port() throws IOException
    {
        return server.localAddress().getPort();
    }

    /**
     * Run every tick in real time, then return.
     *
     * @param progress where to print progress and the summary, or null.
     */
    public void run(final PrintStream progress)
    {
        final long startNs = System.nanoTime();
        for (int tick = 1; tick <= options.ticks(); tick++)
        {
            final long dueNs = startNs + tick * TICK_NS;
            long nowNs;
            while ((nowNs = System.nanoTime()) < dueNs)
            {
                server.poll(nowNs);
                final long sleepNs = Math.min(1_000_000L, dueNs - nowNs);
                java.util.concurrent.locks.LockSupport.parkNanos(sleepNs);
            }
            server.poll(nowNs);
            final QuantizedStates states = world.step();
            if (history != null)
            {
                history[tick] = new QuantizedStates(states.schema(), states.objectCount());
                history[tick].copyFrom(states);
            }
            if (client >= 0 && server.isConnected(client))
            {
                final int sequence = server.endpoint(client).nextSequence();
                writer.wrap(payload, 0, payload.capacity());
                sender.encode(tick, states, null, 0, Integer.MAX_VALUE, writer, sequence);
                server.send(client, payload, 0, writer.bytesWritten(), nowNs);
                snapshotsSent++;
            }
            server.update(nowNs);
            if (progress != null && tick % (Scene.TICK_RATE_HZ * 2) == 0)
            {
                progress.printf("server: tick %d/%d, client %s%n", tick, options.ticks(), client >= 0 ? "connected" : "waiting");
            }
        }
        if (progress != null)
        {
            progress.printf(Locale.ROOT, "server: %d snapshots sent, %d acked, %d objects sent%n",
                snapshotsSent, packetsAcked, sender.objectsSent());
        }
    }

    /** @return the quantized states of {@code tick} (only with keepHistory). */
    public QuantizedStates statesAt(final int tick)
    {
        return history[tick];
    }

    /** @return snapshots sent. */
    public long snapshotsSent()
    {
        return snapshotsSent;
    }

    @Override
    public void onClientConnected(final int clientIndex, final InetSocketAddress address)
    {
        client = clientIndex;
    }

    @Override
    public void onClientDisconnected(final int clientIndex, final DisconnectReason reason)
    {
        if (client == clientIndex)
        {
            client = -1;
        }
    }

    @Override
    public boolean onPacket(
        final int clientIndex, final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        return true;
    }

    @Override
    public void onAcked(final int clientIndex, final int sequence)
    {
        packetsAcked++;
        sender.onAcked(sequence);
    }

    @Override
    public void close()
    {
        server.close();
    }
}
