package dev.statesync.sync.snapshot;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.snapshot.PhysicalCouplings;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.codec.state.WireFingerprint;
import dev.statesync.sync.reliable.LinkKeys;
import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.ReliableConfig;

/**
 * Settings of one snapshot connection, with documented defaults. Both ends must agree on the snapshot
 * settings (ring depth), on the reliability settings that touch the wire, and on the link keys.
 * <p>
 * Links are authenticated by default: every datagram carries an 8-byte SipHash-2-4 tag under the link's
 * {@link LinkKeys}, so a forged or mutated datagram is counted and refused before it can move a window or touch a
 * baseline. A new config holds fresh random keys, which is right when one process builds both ends from the same
 * config (tests, the network simulator). Across machines, give both ends the keys the connection handshake
 * derived ({@code UdpClient.linkKeys()}, {@code UdpServer.linkKeys(client)}) with {@link #linkKeys(LinkKeys)}; two
 * ends with different keys refuse everything as {@code REJECTED_INTEGRITY}, they never accept each other's
 * bytes. {@link #unauthenticated()} turns it off and leaves the reliability config's own integrity setting.
 */
public final class SnapshotLinkConfig
{
    /**
     * Default snapshot payload budget: 1200 bytes. With the at most 9-byte packet header, the 8-byte MAC
     * trailer and 48 bytes of IPv6 + UDP headers (1265 bytes), a datagram stays under the 1280-byte IPv6 minimum
     * MTU, so snapshots never fragment on the path.
     */
    public static final int DEFAULT_PAYLOAD_BUDGET_BYTES = 1200;
    /** Default snapshot rate: 60 Hz, one snapshot per simulation tick of a 60 Hz engine. */
    public static final int DEFAULT_TICK_RATE_HZ = 60;
    /**
     * Default snapshots the replica's endpoint holds for a second offer: 2 (see {@link #heldSnapshotSlots(int)}).
     */
    public static final int DEFAULT_HELD_SNAPSHOT_SLOTS = 2;

    private int payloadBudgetBytes = DEFAULT_PAYLOAD_BUDGET_BYTES;
    private int tickRateHz = DEFAULT_TICK_RATE_HZ;
    private ReliableConfig reliable = new ReliableConfig().fragmentAboveBytes(DEFAULT_PAYLOAD_BUDGET_BYTES);
    private SnapshotConfig snapshot = new SnapshotConfig();
    private LinkKeys linkKeys = LinkKeys.random();
    private int heldSnapshotSlots = DEFAULT_HELD_SNAPSHOT_SLOTS;
    private final PhysicalCouplings couplings = new PhysicalCouplings();

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
     * Range-coded 3D snapshots only: code the rotation of an object that stayed level against its prediction turned
     * by rolling its position residual about this radius, the distance from a body's centre of mass to the edge it
     * tumbles over (a cube of side {@code s}: {@code s / sqrt 2}); see {@link PhysicalCouplings#rollingRadiusM}.
     * Default 0: off. Changes the bytes, so both ends must use the same value. On Fiedler's cube scene (0.4 m cubes,
     * 0.283 m) 1.8% fewer bits per snapshot (results.md, "Fewer bits, round 3"). At least one grid unit when not 0.
     */
    public SnapshotLinkConfig rollingRadiusM(final double metres)
    {
        couplings.rollingRadiusM(metres);
        return this;
    }

    /** @return the rolling radius in metres, 0 for off. */
    public double rollingRadiusM()
    {
        return couplings.rollingRadiusM();
    }

    /**
     * Range-coded 3D snapshots only: code the height of an object whose newest baseline touched the ground after its
     * rotation, predicted as the centre height of a cube of that rotation resting on the plane {@code z =
     * groundHeightM} plus the baseline's own offset from it; see {@link PhysicalCouplings#groundContact}. Default
     * off. Changes the bytes, so both ends must use the same values. On Fiedler's cube scene (ground at 0 m, 0.4 m
     * cubes: half-size 0.2 m) see results.md, "Fewer bits, round 4".
     *
     * @param groundHeightM z of the ground plane, metres, inside the grid's z range.
     * @param cubeHalfSizeM half the side of the cubes on it, metres; 0 for off.
     * @return this.
     */
    public SnapshotLinkConfig groundContact(final double groundHeightM, final double cubeHalfSizeM)
    {
        couplings.groundContact(groundHeightM, cubeHalfSizeM);
        return this;
    }

    /** @return the ground plane's height in metres (meaningful when {@link #cubeHalfSizeM} is not 0). */
    public double groundHeightM()
    {
        return couplings.groundHeightM();
    }

    /** @return the half-size in metres of the cubes whose heights follow their rotation on the ground, 0 for off. */
    public double cubeHalfSizeM()
    {
        return couplings.cubeHalfSizeM();
    }

    /** @return the physical couplings both ends' codecs are built with (this config's; change them through it). */
    public PhysicalCouplings physicalCouplings()
    {
        return couplings;
    }

    /**
     * Reliability settings. Default: reliable.io's defaults, except that packets fragment only above 1200 bytes
     * (reliable.io: 1024), so a full-budget snapshot travels as one datagram: fragmenting it would double its
     * chance of being lost. Keep {@code fragmentAboveBytes >= payloadBudgetBytes}. While the link is authenticated
     * (the default, see {@link #linkKeys(LinkKeys)}) each end uses a copy of this with the keyed MAC turned on;
     * its own integrity setting applies only to an {@link #unauthenticated()} link.
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

    /**
     * Snapshots the replica's endpoint keeps for a second offer (default {@link #DEFAULT_HELD_SNAPSHOT_SLOTS}; 0 turns
     * it off; at most {@link ReliableConfig#MAX_HELD_PACKET_SLOTS}). With unacked references
     * ({@code SnapshotConfig.unackedReferenceMaxAgeTicks}) a snapshot names the one sent just before it, and a
     * one-way jitter of a few milliseconds against a 16.7 ms tick now and then delivers the two in the wrong order.
     * The replica cannot decode the later one yet; instead of losing it, its endpoint holds the datagram and offers
     * it again right after the next snapshot it applies ({@link ReliableConfig#heldPacketSlots}), usually the one it
     * named. A snapshot refused for bad bytes is never held. Sets the replica side's
     * {@link ReliableConfig#heldPacketSlots} ({@link #reliableFor} the client side, and {@code SnapshotClient});
     * the authority's end receives only acks and holds nothing. Memory: this many datagrams of the largest size the
     * endpoint accepts, per replica.
     */
    public SnapshotLinkConfig heldSnapshotSlots(final int slots)
    {
        if (slots < 0 || slots > ReliableConfig.MAX_HELD_PACKET_SLOTS)
        {
            throw new IllegalArgumentException(
                "heldSnapshotSlots must be in [0, " + ReliableConfig.MAX_HELD_PACKET_SLOTS + "], got " + slots);
        }
        this.heldSnapshotSlots = slots;
        return this;
    }

    /** @return snapshots the replica's endpoint holds for a second offer at most. */
    public int heldSnapshotSlots()
    {
        return heldSnapshotSlots;
    }

    /**
     * Authenticate the link with these keys (default: fresh random keys per config). Both ends need the same
     * keys: across machines, the ones the connection handshake derived.
     */
    public SnapshotLinkConfig linkKeys(final LinkKeys keys)
    {
        if (keys == null)
        {
            throw new IllegalArgumentException("linkKeys is required; call unauthenticated() to opt out");
        }
        this.linkKeys = keys;
        return this;
    }

    /**
     * Turn authentication off: datagrams carry only what {@link #reliable(ReliableConfig)} asks for (no trailer by
     * default). Anyone who can reach the port can then advance the windows with forged sequence numbers or ticks;
     * use it only behind a transport that authenticates for you, or for reliable.io interop.
     */
    public SnapshotLinkConfig unauthenticated()
    {
        this.linkKeys = null;
        return this;
    }

    /** @return the link keys, or null when the link is {@link #unauthenticated()}. */
    public LinkKeys linkKeys()
    {
        return linkKeys;
    }

    /**
     * @param side which end of the link asks.
     * @return the reliability settings that end's endpoint uses: a copy of {@link #reliable()}, authenticated with
     * the link keys for that side unless the link is {@link #unauthenticated()}, and on the replica's (client) side
     * holding {@link #heldSnapshotSlots()} datagrams for a second offer.
     */
    public ReliableConfig reliableFor(final LinkSide side)
    {
        final ReliableConfig copy = replicaHolds(reliable.copy(), side);
        return linkKeys == null ? copy : copy.authenticate(linkKeys, side);
    }

    /**
     * @param config a copy of {@link #reliable()} for one end.
     * @param side   which end.
     * @return {@code config}, holding {@link #heldSnapshotSlots()} datagrams on the replica's (client) side.
     */
    ReliableConfig replicaHolds(final ReliableConfig config, final LinkSide side)
    {
        return side == LinkSide.CLIENT ? config.heldPacketSlots(heldSnapshotSlots) : config;
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

    /**
     * A digest of everything both ends of a snapshot connection must share for the replica to decode the
     * authority's bytes into the authority's states: the schema, the object count, the predictor with its
     * parameters ({@link Predictor#addTo}), the format settings of {@link #snapshot()} ({@link
     * SnapshotConfig#addWireSettingsTo}: ring depths, range coding), the {@link #physicalCouplings()} and the
     * reliability layer's fragment size. Settings only one end reads (budgets, resends, unacked references, held
     * slots, timeouts) are left out, so each end may tune those alone.
     * <p>
     * {@code SnapshotServer} and {@code SnapshotClient} put it in their handshake config
     * ({@code settingsFingerprint}), so a client built with other settings is denied at connect
     * ({@code DeniedReason.SETTINGS_MISMATCH}) instead of decoding snapshots against the wrong predictor: measured
     * before this check, a client with another single-alternative predictor than its server's applied 3 of 181
     * snapshots, wrongly. Over another transport, compare it in your own handshake.
     *
     * @param schema      the state layout both ends use.
     * @param objectCount the objects both ends hold.
     * @param predictor   the predictor both ends use.
     * @return the digest; equal on both ends exactly when these settings are.
     */
    public long wireFingerprint(final StateSchema schema, final int objectCount, final Predictor predictor)
    {
        final WireFingerprint fingerprint = new WireFingerprint().add("statesync snapshots").add(schema)
            .add(objectCount);
        predictor.addTo(fingerprint);
        snapshot.addWireSettingsTo(fingerprint);
        couplings.addTo(fingerprint);
        return fingerprint.add(reliable.fragmentSizeBytes()).value();
    }
}
