package dev.statesync.sync.snapshot;

import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.sync.reliable.ReliableConfig;

/**
 * Settings of one snapshot connection, with documented defaults. Both ends must agree on the snapshot
 * settings (ring depth) and on the reliability settings that touch the wire (integrity, protocol id).
 */
public final class SnapshotLinkConfig
{
    /**
     * Default snapshot payload budget: 1200 bytes. With the at most 9-byte packet header, the 4-byte CRC32C
     * trailer and 48 bytes of IPv6 + UDP headers, a datagram stays under the 1280-byte IPv6 minimum MTU, so
     * snapshots never fragment on the path.
     */
    public static final int DEFAULT_PAYLOAD_BUDGET_BYTES = 1200;
    /** Default snapshot rate: 60 Hz, one snapshot per simulation tick of a 60 Hz engine. */
    public static final int DEFAULT_TICK_RATE_HZ = 60;

    private int payloadBudgetBytes = DEFAULT_PAYLOAD_BUDGET_BYTES;
    private int tickRateHz = DEFAULT_TICK_RATE_HZ;
    private ReliableConfig reliable = new ReliableConfig().fragmentAboveBytes(DEFAULT_PAYLOAD_BUDGET_BYTES);
    private SnapshotConfig snapshot = new SnapshotConfig();

    /**
     * Most bytes of snapshot payload per packet (default 1200). The priority accumulator (or index order)
     * decides which objects fit; the rest wait for a later packet. Above the reliability layer's fragment
     * threshold the packet is fragmented.
     */
    public SnapshotLinkConfig payloadBudgetBytes(final int bytes)
    {
        if (bytes < 16)
        {
            throw new IllegalArgumentException("payloadBudgetBytes must be >= 16, got " + bytes);
        }
        this.payloadBudgetBytes = bytes;
        return this;
    }

    /**
     * Snapshots sent per second, one per tick (default 60 Hz). The link converts the measured round trip into
     * ticks with it to set the sender's resend timeout (see {@code SnapshotAuthority}); tick numbers on the wire
     * do not depend on it. Must be > 0.
     */
    public SnapshotLinkConfig tickRateHz(final int hz)
    {
        if (hz <= 0)
        {
            throw new IllegalArgumentException("tickRateHz must be > 0, got " + hz);
        }
        this.tickRateHz = hz;
        return this;
    }

    /** @return snapshots per second. */
    public int tickRateHz()
    {
        return tickRateHz;
    }

    /**
     * Reliability settings. Default: reliable.io's defaults, integrity off, except that packets fragment only
     * above 1200 bytes (reliable.io: 1024), so a full-budget snapshot travels as one datagram: fragmenting
     * it would double its chance of being lost. Keep {@code fragmentAboveBytes >= payloadBudgetBytes}.
     */
    public SnapshotLinkConfig reliable(final ReliableConfig config)
    {
        this.reliable = config;
        return this;
    }

    /**
     * Snapshot settings (default: 64-tick rings, 256 packets of ack history, unchanged states sent twice and
     * again after 12 ticks without an ack). Its {@code resendTimeoutTicks} is the floor of the timeout the
     * authority derives from the round trip.
     */
    public SnapshotLinkConfig snapshot(final SnapshotConfig config)
    {
        this.snapshot = config;
        return this;
    }

    /** @return payload budget in bytes. */
    public int payloadBudgetBytes()
    {
        return payloadBudgetBytes;
    }

    /** @return reliability settings. */
    public ReliableConfig reliable()
    {
        return reliable;
    }

    /** @return snapshot settings. */
    public SnapshotConfig snapshot()
    {
        return snapshot;
    }
}
