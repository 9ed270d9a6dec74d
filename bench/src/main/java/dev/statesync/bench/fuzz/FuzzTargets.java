package dev.statesync.bench.fuzz;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import dev.statesync.sync.reliable.IntegrityMode;

/**
 * Every network-facing entry point the fuzzer knows, by name. This is the extension point: a new entry point is a {@link FuzzTarget} whose honest
 * session connects a real client and server, plus one {@link #register} line below; the fuzzer's command line, the
 * CI test and the jqwik properties pick it up from here.
 */
public final class FuzzTargets
{
    private static final Map<String, Entry> TARGETS = new LinkedHashMap<>();

    static
    {
        register("reliable-none", "ReliableEndpoint.receivePacket, no trailer (reliable.io's format)",
            seed -> new ReliableEndpointTarget("reliable-none", IntegrityMode.NONE, seed));
        register("reliable-crc32c", "ReliableEndpoint.receivePacket, CRC32C trailer (resealed by the attacker)",
            seed -> new ReliableEndpointTarget("reliable-crc32c", IntegrityMode.CRC32C, seed));
        register("reliable-mac", "ReliableEndpoint.receivePacket, keyed MAC",
            seed -> new ReliableEndpointTarget("reliable-mac", IntegrityMode.KEYED_MAC, seed));
        register("replica-mac-range", "SnapshotReplica.receiveDatagram, default link, range-coded",
            seed -> new SnapshotReplicaTarget("replica-mac-range", SnapshotCoding.RANGE_CODED, true, seed));
        register("replica-mac-bitpacked", "SnapshotReplica.receiveDatagram, default link, bitpacked",
            seed -> new SnapshotReplicaTarget("replica-mac-bitpacked", SnapshotCoding.BITPACKED, true, seed));
        register("replica-open-range", "SnapshotReplica.receiveDatagram, unauthenticated link, range-coded",
            seed -> new SnapshotReplicaTarget("replica-open-range", SnapshotCoding.RANGE_CODED, false, seed));
        register("replica-open-bitpacked", "SnapshotReplica.receiveDatagram, unauthenticated link, bitpacked",
            seed -> new SnapshotReplicaTarget("replica-open-bitpacked", SnapshotCoding.BITPACKED, false, seed));
        register("authority-mac", "SnapshotAuthority.receiveDatagram (acks), default link",
            seed -> new SnapshotAuthorityTarget("authority-mac", SnapshotCoding.RANGE_CODED, true, seed));
        register("authority-open", "SnapshotAuthority.receiveDatagram (acks), unauthenticated link",
            seed -> new SnapshotAuthorityTarget("authority-open", SnapshotCoding.RANGE_CODED, false, seed));
        register("receiver-range", "SnapshotReceiver.decodeFramed, range-coded frames",
            seed -> new SnapshotReceiverTarget("receiver-range", SnapshotCoding.RANGE_CODED, seed));
        register("receiver-bitpacked", "SnapshotReceiver.decode, bitpacked",
            seed -> new SnapshotReceiverTarget("receiver-bitpacked", SnapshotCoding.BITPACKED, seed));
        register("input-channel", "ServerInputChannel.onInputMessage",
            seed -> new InputChannelTarget("input-channel", seed));
        register("prediction-client", "PredictionClient.onStateMessage",
            seed -> new PredictionClientTarget("prediction-client", seed));
        register("udp-server", "UdpServer.poll over loopback: handshake, control and data datagrams",
            seed -> new UdpServerTarget("udp-server", seed));
        register("udp-client", "UdpClient.poll over loopback: challenges, control and data datagrams",
            seed -> new UdpClientTarget("udp-client", seed));
        register("snapshot-server", "SnapshotServer.poll over loopback, two clients: from a client's address and a stranger's",
            seed -> new SnapshotServerTarget("snapshot-server", seed));
    }

    private record Entry(String description, LongFunction<FuzzTarget> factory)
    {
    }

    private FuzzTargets()
    {
    }

    private static void register(final String name, final String description, final LongFunction<FuzzTarget> factory)
    {
        TARGETS.put(name, new Entry(description, factory));
    }

    /** @return every target's name, in a stable order. */
    public static List<String> names()
    {
        return Collections.unmodifiableList(new ArrayList<>(TARGETS.keySet()));
    }

    /** @return true when a target of this name exists. */
    public static boolean exists(final String name)
    {
        return TARGETS.containsKey(name);
    }

    /** @return what the target feeds. */
    public static String description(final String name)
    {
        return entry(name).description();
    }

    /**
     * @param name a target's name.
     * @param seed seeds its honest session.
     * @return a fresh target with a fresh session.
     */
    public static FuzzTarget create(final String name, final long seed)
    {
        return entry(name).factory().apply(seed);
    }

    private static Entry entry(final String name)
    {
        final Entry entry = TARGETS.get(name);
        if (entry == null)
        {
            throw new IllegalArgumentException("no fuzz target " + name + "; targets: " + String.join(", ", TARGETS.keySet()));
        }
        return entry;
    }
}
