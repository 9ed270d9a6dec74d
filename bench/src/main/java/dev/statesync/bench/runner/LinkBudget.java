package dev.statesync.bench.runner;

import dev.statesync.bench.scene.Scene;
import dev.statesync.sync.snapshot.SnapshotRateControlConfig;

/**
 * Turns a bandwidth budget into a snapshot payload budget, and names the per-packet overheads the report
 * adds to payloads when it quotes kbps.
 */
public final class LinkBudget
{
    /** IPv4 (20) + UDP (8) header bytes of every datagram. */
    public static final int IP_UDP_HEADER_BYTES = SnapshotRateControlConfig.IP_UDP_HEADER_BYTES;
    /** Largest reliability header of an unfragmented packet (prefix, sequence, ack, ack bits). */
    public static final int RELIABLE_HEADER_MAX_BYTES = SnapshotRateControlConfig.RELIABLE_HEADER_MAX_BYTES;
    /**
     * Payload budget of an unbudgeted run: 15 KiB, within the reliability layer's 16 fragments of 1 KiB, so
     * every object that changed fits in its tick's snapshot.
     */
    public static final int UNLIMITED_PAYLOAD_BYTES = SnapshotRateControlConfig.DEFAULT_MAX_PAYLOAD_BYTES;
    /** Smallest payload the snapshot link accepts. */
    public static final int MIN_PAYLOAD_BYTES = SnapshotRateControlConfig.MIN_PAYLOAD_BYTES;
    /** Smallest budget: leaves {@link #MIN_PAYLOAD_BYTES} of payload per 60 Hz packet. */
    public static final double MIN_KBPS = 26;
    /** Largest budget: the payload stays within the reliability layer's 16 KiB packet limit. */
    public static final double MAX_KBPS = 7000;

    private LinkBudget()
    {
    }

    /**
     * @param budgetKbps kilobits per second the snapshots may use, headers included.
     * @return payload bytes per snapshot: the budget's bytes per tick less the IPv4/UDP and reliability headers.
     */
    public static int payloadBytesPerSnapshot(final double budgetKbps)
    {
        return payloadBytesPerSnapshot(budgetKbps, 1);
    }

    /**
     * @param budgetKbps    kilobits per second the snapshots may use, headers included.
     * @param intervalTicks ticks per snapshot (a snapshot every tick: 1): a snapshot sent every N ticks may use
     *                      the bytes of all N.
     * @return payload bytes per snapshot: the budget's bytes per N ticks less one packet's IPv4/UDP and
     *         reliability headers and the default link's 8-byte integrity tag, at most
     *         {@link #UNLIMITED_PAYLOAD_BYTES} (see {@code SnapshotRateControlConfig.payloadBytesPerSnapshot}).
     */
    public static int payloadBytesPerSnapshot(final double budgetKbps, final int intervalTicks)
    {
        // One formula, the library's: the runner and the UDP server give each snapshot the same bytes.
        return new SnapshotRateControlConfig().budgetBitsPerSecond(budgetKbps * 1000.0).tickRateHz(Scene.TICK_RATE_HZ)
            .maxPayloadBytes(UNLIMITED_PAYLOAD_BYTES).payloadBytesPerSnapshot(intervalTicks);
    }
}
