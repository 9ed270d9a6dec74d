package dev.statesync.bench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.snapshot.ObjectCodec;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.AckListener;
import dev.statesync.sync.reliable.PacketProcessor;
import dev.statesync.sync.udp.UdpClient;
import dev.statesync.sync.udp.UdpClientConfig;

/**
 * The {@code client} subcommand: a replica on 127.0.0.1 that connects through the server's handshake, then
 * decodes the server's snapshots and acks them with an empty packet every tick. Stops by itself after the run's
 * seconds plus one second of grace, counted from the moment it connected, and prints what it received and the
 * link; gives up if the handshake fails (connect timeout: 5 s).
 */
public final class UdpReplicaClient implements PacketProcessor, AckListener, AutoCloseable
{
    private static final long TICK_NS = 1_000_000_000L / Scene.TICK_RATE_HZ;
    private static final long GRACE_NS = 1_000_000_000L;

    private final Options options;
    private final SnapshotReceiver receiver;
    private final UdpClient client;
    private final BitReader reader = new BitReader();
    private final UnsafeBuffer empty = new UnsafeBuffer(new byte[0]);
    private long snapshotsApplied;
    private long decodeFailures;

    /**
     * @param options    scene and schema (must match the server's), seconds.
     * @param serverPort the server's port on 127.0.0.1.
     * @throws IOException if the socket cannot be opened.
     */
    public UdpReplicaClient(final Options options, final int serverPort) throws IOException
    {
        this.options = options;
        final QuantizedScene shape = new QuantizedScene(options.scene(), options.schema());
        final StateSchema schema = shape.schema();
        this.receiver = new SnapshotReceiver(schema, shape.objectCount(),
            Predictors.forRun(options.schema(), shape.scene(), schema), new ObjectCodec(schema), new SnapshotConfig());
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        this.client = new UdpClient(new InetSocketAddress(loopback, 0), new InetSocketAddress(loopback, serverPort),
            new UdpClientConfig(), this, this, System.nanoTime());
    }

    /**
     * Connect, then run until the run's seconds plus a second of grace have passed.
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
                out.printf(Locale.ROOT, "client: not connected: %s%n", client.state());
            }
            return false;
        }
        final long startNs = nowNs;
        final long endNs = startNs + options.ticks() * TICK_NS + GRACE_NS;
        long nextAckNs = startNs;
        while ((nowNs = System.nanoTime()) < endNs && client.isConnected())
        {
            client.poll(nowNs);
            if (nowNs >= nextAckNs && client.isConnected())
            {
                client.send(empty, 0, 0, nowNs);
                client.update(nowNs);
                nextAckNs += TICK_NS;
            }
            LockSupport.parkNanos(500_000L);
        }
        if (out != null)
        {
            out.printf(Locale.ROOT,
                "client: %d snapshots applied (newest tick %d), %d decode failures, %d baseline misses, RTT %.1f ms, loss %.1f%%, link %s%n",
                snapshotsApplied, receiver.lastTick(), decodeFailures, receiver.baselineMisses(),
                client.endpoint().rttMs(), client.endpoint().packetLossPercent(), client.state());
        }
        return true;
    }

    @Override
    public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        reader.wrap(buffer, offset, length);
        final DecodeResult result = receiver.decode(reader);
        if (result == DecodeResult.OK)
        {
            snapshotsApplied++;
            return true;
        }
        decodeFailures++;
        return false;
    }

    @Override
    public void onAcked(final int sequence)
    {
        // The client's packets only carry acks.
    }

    /** @return the receiver (states and their ticks). */
    public SnapshotReceiver receiver()
    {
        return receiver;
    }

    /** @return snapshots decoded and applied. */
    public long snapshotsApplied()
    {
        return snapshotsApplied;
    }

    /** @return snapshots that failed to decode. */
    public long decodeFailures()
    {
        return decodeFailures;
    }

    @Override
    public void close()
    {
        client.close();
    }
}
