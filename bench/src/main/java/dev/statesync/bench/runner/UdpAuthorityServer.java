package dev.statesync.bench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.sync.snapshot.SnapshotLinkConfig;
import dev.statesync.sync.snapshot.SnapshotRateControl;
import dev.statesync.sync.snapshot.SnapshotServer;
import dev.statesync.sync.snapshot.SnapshotServerListener;
import dev.statesync.sync.udp.DisconnectReason;
import dev.statesync.sync.udp.UdpServerConfig;
import dev.statesync.sync.udp.UdpServerCounters;

/**
 * The {@code server} subcommand: steps the scene in real time at 60 Hz on 127.0.0.1 and serves it to up to
 * {@code --max-clients} replicas over real UDP through a {@link SnapshotServer}: per client, the codec, precision,
 * RTT-based resend timeout ({@link #link(Options)}) and budget control of the simulated run: the library's
 * {@link SnapshotRateControl} built from the same options ({@link Options#rateControl()}: priority by expected error
 * or, with {@code --rate-distortion off} or {@code --priority fixed}, fixed factors; the send interval; each
 * snapshot's payload budget), the player (object 0) first; each datagram authenticated with the keys that client's
 * handshake derived. Prints every client's rate on the wire every two seconds and when it
 * leaves. Stops by itself after the run's ticks.
 */
public final class UdpAuthorityServer implements SnapshotServerListener, AutoCloseable
{
    private static final long TICK_NS = 1_000_000_000L / Scene.TICK_RATE_HZ;
    private static final int REPORT_INTERVAL_TICKS = Scene.TICK_RATE_HZ * 2;

    private final Options options;
    private final QuantizedScene world;
    private final SnapshotServer server;
    private final QuantizedStates previous;
    private final QuantizedStates[] history;
    private PrintStream progress;
    private long nowNs;
    private int clientsServed;
    /** The tick being run, and each slot's tick of connection: rates per tick of the run, whatever the wall clock. */
    private int currentTick;
    private final int[] connectedAtTick;

    /**
     * @param options     scene, schema, budget, seconds, client slots.
     * @param port        UDP port on 127.0.0.1 (0 for any free port).
     * @param keepHistory keep every tick's quantized states (for tests comparing the replicas).
     * @throws IOException if the socket cannot be opened.
     */
    public UdpAuthorityServer(final Options options, final int port, final boolean keepHistory) throws IOException
    {
        this.options = options;
        this.world = QuantizedScene.forRun(options);
        this.previous = new QuantizedStates(world.schema(), world.objectCount());
        this.server = new SnapshotServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
            new UdpServerConfig().maxClients(options.maxClients()), world.schema(), world.objectCount(),
            Predictors.forRun(options.schema(), world.scene(), world.schema(), options.predictor()), link(options, world.schema()),
            options.rateControl(), this, System.nanoTime());
        for (int slot = 0; slot < server.maxClients(); slot++)
        {
            if (world.objectCount() > 0)
            {
                server.rateControl(slot).importantObject(0);
            }
        }
        this.history = keepHistory ? new QuantizedStates[options.ticks() + 1] : null;
        this.connectedAtTick = new int[server.maxClients()];
    }

    /**
     * The link both subcommands run, the simulated run's: range-coded snapshots, and a payload capacity of the
     * largest snapshot {@code --budget-kbps} allows at the longest send interval (unlimited without: every changed
     * object every tick); the rate control gives each snapshot its own budget.
     *
     * @param options the run's options.
     * @param schema  the run's schema (the rolling radius follows it, as in the simulated run).
     * @return a new config; its link keys are unused, every connection's handshake derives its own.
     */
    static SnapshotLinkConfig link(final Options options, final StateSchema schema)
    {
        return new SnapshotLinkConfig()
            .payloadBudgetBytes(options.rateControl().capacityPayloadBytes())
            .tickRateHz(Scene.TICK_RATE_HZ)
            .rollingRadiusM(Predictors.rollingRadiusM(schema))
            .groundContact(Predictors.GROUND_HEIGHT_M, Predictors.cubeHalfSizeM(schema))
            .snapshot(options.snapshotConfig())
            .heldSnapshotSlots(options.heldSnapshots());
    }

    /** @return the bound port. */
    public int port() throws IOException
    {
        return server.localAddress().getPort();
    }

    /**
     * Run every tick in real time, then return.
     *
     * @param progress where to print progress, per-client figures and the summary, or null.
     */
    public void run(final PrintStream progress)
    {
        this.progress = progress;
        final long startNs = System.nanoTime();
        for (int tick = 1; tick <= options.ticks(); tick++)
        {
            currentTick = tick;
            final long dueNs = startNs + tick * TICK_NS;
            while ((nowNs = System.nanoTime()) < dueNs)
            {
                server.poll(nowNs);
                LockSupport.parkNanos(Math.min(1_000_000L, dueNs - nowNs));
            }
            server.poll(nowNs);
            final QuantizedStates states = world.step();
            if (history != null)
            {
                history[tick] = new QuantizedStates(states.schema(), states.objectCount());
                history[tick].copyFrom(states);
            }
            server.sendSnapshots(tick, states, world.records(), FloatRecords.stride(world.is3d()), nowNs);
            server.update(nowNs);
            previous.copyFrom(states);
            if (progress != null && tick % REPORT_INTERVAL_TICKS == 0)
            {
                progress.printf(Locale.ROOT, "server: tick %d/%d, %d client(s) connected%n",
                    tick, options.ticks(), server.connectedCount());
                for (int slot = 0; slot < server.maxClients(); slot++)
                {
                    if (server.isConnected(slot))
                    {
                        printClient("  ", slot);
                    }
                }
            }
        }
        if (progress != null)
        {
            progress.printf(Locale.ROOT,
                "server: done after %d ticks, %d client(s) served, %d still connected, final states digest %08x%n",
                options.ticks(), clientsServed, server.connectedCount(), java.util.Arrays.hashCode(previous.array()));
            final long mismatched = server.udpServer().counter(UdpServerCounters.REFUSED_SETTINGS_MISMATCH);
            if (mismatched > 0)
            {
                progress.printf(Locale.ROOT, "server: denied %d handshake request(s) from clients with other codec " +
                    "settings (scene, schema, --predictor or --range-coding)%n", mismatched);
            }
            for (int slot = 0; slot < server.maxClients(); slot++)
            {
                if (server.isConnected(slot))
                {
                    printClient("  ", slot);
                }
            }
        }
    }

    private void printClient(final String prefix, final int slot)
    {
        final SnapshotRateControl control = server.rateControl(slot);
        progress.printf(Locale.ROOT,
            "%sclient %d: %.1f kbps on the wire (%.1f per tick run, smoothed %.1f), %d bytes, %d snapshots, " +
            "%d objects, RTT %.1f ms, priority %s, a snapshot every %d tick(s)%n",
            prefix, slot, server.wireKbps(slot, nowNs), perTickKbps(slot), server.endpoint(slot).sentBandwidthKbps(),
            server.bytesSent(slot), server.snapshotsSent(slot), server.objectsSent(slot), server.endpoint(slot).rttMs(),
            control.priorities() == null ? "none (unbudgeted)" : control.errorPriority() ? "error" : "fixed",
            control.intervalTicks());
    }

    /**
     * The rate on the wire to a client over the ticks run since it connected, at 60 ticks a second: what a budget
     * is held to. On a loaded machine the wall-clock rate ({@link SnapshotServer#wireKbps}) overstates it after the
     * loop falls behind and catches up (several ticks sent in one burst).
     */
    private double perTickKbps(final int slot)
    {
        final int ticks = currentTick - connectedAtTick[slot] + 1;
        final long wireBytes = server.bytesSent(slot) +
            server.udpServer().datagramsSent(slot) * (long)SnapshotServer.IP_UDP_HEADER_BYTES;
        return ticks <= 0 ? 0.0 : wireBytes * 8.0 * Scene.TICK_RATE_HZ / ticks / 1000.0;
    }

    /** @return the quantized states of {@code tick} (only with keepHistory). */
    public QuantizedStates statesAt(final int tick)
    {
        return history[tick];
    }

    /** @return the snapshot server (per-client figures). */
    public SnapshotServer snapshotServer()
    {
        return server;
    }

    /** @return clients that connected during the run. */
    public int clientsServed()
    {
        return clientsServed;
    }

    @Override
    public void onClientConnected(final int clientIndex, final InetSocketAddress address)
    {
        clientsServed++;
        connectedAtTick[clientIndex] = currentTick;
        if (progress != null)
        {
            progress.printf(Locale.ROOT, "server: client %d connected from %s%n", clientIndex, address);
        }
    }

    @Override
    public void onClientDisconnected(final int clientIndex, final DisconnectReason reason)
    {
        if (progress != null)
        {
            progress.printf(Locale.ROOT, "server: client %d left (%s): %.1f kbps on the wire, %d snapshots, %d objects%n",
                clientIndex, reason, server.wireKbps(clientIndex, nowNs), server.snapshotsSent(clientIndex),
                server.objectsSent(clientIndex));
        }
    }

    @Override
    public void close()
    {
        server.close();
    }
}
