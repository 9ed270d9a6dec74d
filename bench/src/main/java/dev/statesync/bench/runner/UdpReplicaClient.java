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
import dev.statesync.codec.BitReader;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.snapshot.ObjectCodec;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.snapshot.StateSchema;
import dev.statesync.sync.reliable.AckListener;
import dev.statesync.sync.reliable.PacketProcessor;
import dev.statesync.sync.udp.UdpClient;

/**
 * The {@code client} subcommand: a replica on 127.0.0.1 that decodes the server's snapshots and acks them
 * with an empty packet every tick (the first one connects it). Stops by itself after the run's seconds
 * plus one second of grace, and prints what it received and the link.
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
            UdpClient.defaultEndpointConfig(), this, this, 1024, System.nanoTime());
    }

    /**
     * Run until the run's seconds plus a second of grace have passed.
     *
     * @param out where to print the summary, or null.
     */
    public void run(final PrintStream out)
    {
        final long startNs = System.nanoTime();
        final long endNs = startNs + options.ticks() * TICK_NS + GRACE_NS;
        long nextAckNs = startNs;
        long nowNs;
        while ((nowNs = System.nanoTime()) < endNs)
        {
            client.poll(nowNs);
            if (nowNs >= nextAckNs)
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
                "client: %d snapshots applied (newest tick %d), %d decode failures, %d baseline misses, RTT %.1f ms, loss %.1f%%%n",
                snapshotsApplied, receiver.lastTick(), decodeFailures, receiver.baselineMisses(),
                client.endpoint().rttMs(), client.endpoint().packetLossPercent());
        }
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
