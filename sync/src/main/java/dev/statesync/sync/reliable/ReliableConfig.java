/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

/**
 * Settings of a {@link ReliableEndpoint}. Defaults are reliable.io's, so behaviour matches the C library
 * unless you change them. Setters return this for chaining; {@link #validate()} runs when an endpoint is
 * built and refuses combinations that would let a peer make us allocate or misbehave.
 */
public final class ReliableConfig
{
    /** Default largest payload accepted by sendPacket and reassembled on receive, in bytes. */
    public static final int DEFAULT_MAX_PACKET_SIZE_BYTES = 16 * 1024;
    /** Default payload size above which a packet is split into fragments, in bytes. */
    public static final int DEFAULT_FRAGMENT_ABOVE_BYTES = 1024;
    /** Default payload bytes per fragment. */
    public static final int DEFAULT_FRAGMENT_SIZE_BYTES = 1024;
    /** Default most fragments per packet. */
    public static final int DEFAULT_MAX_FRAGMENTS = 16;
    /** Default sent and received window, in packets. */
    public static final int DEFAULT_PACKETS_BUFFER_SIZE = 256;
    /** Default packets being reassembled at once. */
    public static final int DEFAULT_FRAGMENT_REASSEMBLY_BUFFER_SIZE = 16;
    /** Default weight of each new RTT sample. */
    public static final float DEFAULT_RTT_SMOOTHING_FACTOR = 0.0025f;
    /** Default RTT samples kept for min / max / average / jitter. */
    public static final int DEFAULT_RTT_HISTORY_SIZE = 512;
    /** Default weight of each new packet-loss measurement. */
    public static final float DEFAULT_PACKET_LOSS_SMOOTHING_FACTOR = 0.1f;
    /** Default weight of each new bandwidth measurement. */
    public static final float DEFAULT_BANDWIDTH_SMOOTHING_FACTOR = 0.1f;
    /** Default IP + UDP header overhead added to every datagram in bandwidth figures, in bytes. */
    public static final int DEFAULT_TRANSPORT_OVERHEAD_BYTES = 28;
    /** Default datagrams held for a second offer: none, as in reliable.io. */
    public static final int DEFAULT_HELD_PACKET_SLOTS = 0;
    /** Most datagrams an endpoint may hold for a second offer. */
    public static final int MAX_HELD_PACKET_SLOTS = 8;

    private int maxPacketSizeBytes = DEFAULT_MAX_PACKET_SIZE_BYTES;
    private int fragmentAboveBytes = DEFAULT_FRAGMENT_ABOVE_BYTES;
    private int fragmentSizeBytes = DEFAULT_FRAGMENT_SIZE_BYTES;
    private int maxFragments = DEFAULT_MAX_FRAGMENTS;
    private int sentPacketsBufferSize = DEFAULT_PACKETS_BUFFER_SIZE;
    private int receivedPacketsBufferSize = DEFAULT_PACKETS_BUFFER_SIZE;
    private int fragmentReassemblyBufferSize = DEFAULT_FRAGMENT_REASSEMBLY_BUFFER_SIZE;
    private float rttSmoothingFactor = DEFAULT_RTT_SMOOTHING_FACTOR;
    private int rttHistorySize = DEFAULT_RTT_HISTORY_SIZE;
    private float packetLossSmoothingFactor = DEFAULT_PACKET_LOSS_SMOOTHING_FACTOR;
    private float bandwidthSmoothingFactor = DEFAULT_BANDWIDTH_SMOOTHING_FACTOR;
    private int transportOverheadBytes = DEFAULT_TRANSPORT_OVERHEAD_BYTES;
    private int heldPacketSlots = DEFAULT_HELD_PACKET_SLOTS;
    private IntegrityMode integrityMode = IntegrityMode.NONE;
    private LinkKeys linkKeys;
    private LinkSide linkSide;
    private long protocolId = 0L;

    /**
     * Largest payload sendPacket takes and the receiver reassembles (default 16384 bytes). Must not exceed
     * {@code maxFragments * fragmentSizeBytes}. Memory per connection for reassembly is at most
     * {@code fragmentReassemblyBufferSize * maxPacketSizeBytes}, allocated on first use of each slot.
     *
     * @param bytes payload bytes.
     * @return this.
     */
    public ReliableConfig maxPacketSizeBytes(final int bytes)
    {
        this.maxPacketSizeBytes = bytes;
        return this;
    }

    /**
     * @return largest payload in bytes.
     */
    public int maxPacketSizeBytes()
    {
        return maxPacketSizeBytes;
    }

    /**
     * Payloads larger than this are fragmented (default 1024 bytes); keep datagrams under the path MTU.
     *
     * @param bytes threshold in payload bytes.
     * @return this.
     */
    public ReliableConfig fragmentAboveBytes(final int bytes)
    {
        this.fragmentAboveBytes = bytes;
        return this;
    }

    /**
     * @return fragmentation threshold in payload bytes.
     */
    public int fragmentAboveBytes()
    {
        return fragmentAboveBytes;
    }

    /**
     * Payload bytes in each fragment but the last (default 1024). Both ends must agree: the receiver
     * refuses fragments whose size does not match its own setting.
     *
     * @param bytes fragment payload size.
     * @return this.
     */
    public ReliableConfig fragmentSizeBytes(final int bytes)
    {
        this.fragmentSizeBytes = bytes;
        return this;
    }

    /**
     * @return payload bytes per fragment.
     */
    public int fragmentSizeBytes()
    {
        return fragmentSizeBytes;
    }

    /**
     * Most fragments per packet (default 16, at most 256 as the count is one byte on the wire).
     *
     * @param count fragments.
     * @return this.
     */
    public ReliableConfig maxFragments(final int count)
    {
        this.maxFragments = count;
        return this;
    }

    /**
     * @return most fragments per packet.
     */
    public int maxFragments()
    {
        return maxFragments;
    }

    /**
     * Sent packets remembered for acks, loss and bandwidth (default 256, a power of two). An ack that
     * arrives after this many newer sends is ignored.
     *
     * @param packets window size.
     * @return this.
     */
    public ReliableConfig sentPacketsBufferSize(final int packets)
    {
        this.sentPacketsBufferSize = packets;
        return this;
    }

    /**
     * @return sent window in packets.
     */
    public int sentPacketsBufferSize()
    {
        return sentPacketsBufferSize;
    }

    /**
     * Received packets remembered for duplicate detection and acks (default 256, a power of two). Older
     * packets are rejected as stale.
     *
     * @param packets window size.
     * @return this.
     */
    public ReliableConfig receivedPacketsBufferSize(final int packets)
    {
        this.receivedPacketsBufferSize = packets;
        return this;
    }

    /**
     * @return received window in packets.
     */
    public int receivedPacketsBufferSize()
    {
        return receivedPacketsBufferSize;
    }

    /**
     * Fragmented packets reassembled at once (default 16, a power of two; reliable.io uses 64). A
     * fragment of a packet this many sequences behind the newest fragmented one is dropped. Smaller than
     * reliable.io's to bound a server's memory per client.
     *
     * @param packets slots.
     * @return this.
     */
    public ReliableConfig fragmentReassemblyBufferSize(final int packets)
    {
        this.fragmentReassemblyBufferSize = packets;
        return this;
    }

    /**
     * @return reassembly slots.
     */
    public int fragmentReassemblyBufferSize()
    {
        return fragmentReassemblyBufferSize;
    }

    /**
     * Weight of each RTT sample in the smoothed RTT, in (0, 1] (default 0.0025: about 400 samples to
     * follow a change, so one late ack does not move it).
     *
     * @param factor weight.
     * @return this.
     */
    public ReliableConfig rttSmoothingFactor(final float factor)
    {
        this.rttSmoothingFactor = factor;
        return this;
    }

    /**
     * @return RTT smoothing weight.
     */
    public float rttSmoothingFactor()
    {
        return rttSmoothingFactor;
    }

    /**
     * RTT samples kept for min, max, average and jitter (default 512).
     *
     * @param samples history length.
     * @return this.
     */
    public ReliableConfig rttHistorySize(final int samples)
    {
        this.rttHistorySize = samples;
        return this;
    }

    /**
     * @return RTT history length.
     */
    public int rttHistorySize()
    {
        return rttHistorySize;
    }

    /**
     * Weight of each packet-loss measurement, in (0, 1] (default 0.1). Loss is measured on every update
     * over the oldest half of the sent window, whose acks have had time to arrive.
     *
     * @param factor weight.
     * @return this.
     */
    public ReliableConfig packetLossSmoothingFactor(final float factor)
    {
        this.packetLossSmoothingFactor = factor;
        return this;
    }

    /**
     * @return packet-loss smoothing weight.
     */
    public float packetLossSmoothingFactor()
    {
        return packetLossSmoothingFactor;
    }

    /**
     * Weight of each bandwidth measurement, in (0, 1] (default 0.1).
     *
     * @param factor weight.
     * @return this.
     */
    public ReliableConfig bandwidthSmoothingFactor(final float factor)
    {
        this.bandwidthSmoothingFactor = factor;
        return this;
    }

    /**
     * @return bandwidth smoothing weight.
     */
    public float bandwidthSmoothingFactor()
    {
        return bandwidthSmoothingFactor;
    }

    /**
     * Bytes added to each datagram in bandwidth figures for the IP and UDP headers (default 28, IPv4).
     *
     * @param bytes overhead per datagram.
     * @return this.
     */
    public ReliableConfig transportOverheadBytes(final int bytes)
    {
        this.transportOverheadBytes = bytes;
        return this;
    }

    /**
     * @return overhead per datagram in bytes.
     */
    public int transportOverheadBytes()
    {
        return transportOverheadBytes;
    }

    /**
     * Datagrams kept for a second offer when the {@link PacketProcessor} refuses their packet but says it may pass
     * once a later packet is delivered ({@link PacketProcessor#mayPassLater()}): each is offered again, through the
     * whole receive path, right after the next packet the processor accepts, and then forgotten whatever the
     * outcome. For a processor whose packets name earlier ones (a snapshot coded against the unacked snapshot just
     * before it): when the network reorders the two, the later one is applied a few milliseconds late instead of
     * lost. Default {@link #DEFAULT_HELD_PACKET_SLOTS} (reliable.io holds nothing); at most
     * {@link #MAX_HELD_PACKET_SLOTS}. Memory: this many datagrams of the largest size the endpoint accepts
     * ({@code maxPacketSizeBytes} plus headers), allocated when the endpoint is built.
     *
     * @param slots datagrams held at most; a hold when all are taken displaces the oldest.
     * @return this.
     */
    public ReliableConfig heldPacketSlots(final int slots)
    {
        this.heldPacketSlots = slots;
        return this;
    }

    /**
     * @return datagrams kept for a second offer at most (0: none).
     */
    public int heldPacketSlots()
    {
        return heldPacketSlots;
    }

    /**
     * Append and check a CRC32C trailer on every datagram ({@link IntegrityMode#CRC32C}), or nothing (false,
     * {@link IntegrityMode#NONE}: reliable.io's own format). The CRC drops corrupt datagrams and other programs'
     * traffic; it is no defence against anyone who knows the protocol id. Use {@link #authenticate} on links
     * that face the internet. Replaces any earlier choice (and forgets the keys).
     *
     * @param enabled true to add 4 bytes per datagram and drop corrupt ones.
     * @return this.
     */
    public ReliableConfig integrityEnabled(final boolean enabled)
    {
        this.integrityMode = enabled ? IntegrityMode.CRC32C : IntegrityMode.NONE;
        this.linkKeys = null;
        this.linkSide = null;
        return this;
    }

    /**
     * @return true when datagrams carry a trailer (CRC32C or keyed MAC).
     */
    public boolean integrityEnabled()
    {
        return integrityMode != IntegrityMode.NONE;
    }

    /**
     * Authenticate every datagram with an 8-byte SipHash-2-4 tag under the connection's secret keys
     * ({@link IntegrityMode#KEYED_MAC}, see {@link KeyedMacIntegrity}): a datagram without a valid tag is refused
     * before anything is read, so only the peer can advance this end's windows. Costs 8 bytes per datagram and
     * about one pass over its bytes on each end.
     *
     * @param keys the connection's keys (from the handshake, or {@link LinkKeys#random()} when one process holds
     *             both ends).
     * @param side which end this endpoint is.
     * @return this.
     */
    public ReliableConfig authenticate(final LinkKeys keys, final LinkSide side)
    {
        if (keys == null || side == null)
        {
            throw new IllegalArgumentException("authenticate needs keys and a side");
        }
        this.integrityMode = IntegrityMode.KEYED_MAC;
        this.linkKeys = keys;
        this.linkSide = side;
        return this;
    }

    /**
     * @return what guards datagrams (default {@link IntegrityMode#NONE}, reliable.io's format).
     */
    public IntegrityMode integrityMode()
    {
        return integrityMode;
    }

    /**
     * @return the keys of an authenticated link, or null.
     */
    public LinkKeys linkKeys()
    {
        return linkKeys;
    }

    /**
     * @return this end of an authenticated link, or null.
     */
    public LinkSide linkSide()
    {
        return linkSide;
    }

    /**
     * 64-bit protocol id mixed into the CRC32C (default 0); both ends must agree.
     *
     * @param id protocol and version id.
     * @return this.
     */
    public ReliableConfig protocolId(final long id)
    {
        this.protocolId = id;
        return this;
    }

    /**
     * @return protocol id.
     */
    public long protocolId()
    {
        return protocolId;
    }

    /**
     * @return a copy, so an endpoint is not affected by later changes to this object.
     */
    public ReliableConfig copy()
    {
        return new ReliableConfig()
            .maxPacketSizeBytes(maxPacketSizeBytes)
            .fragmentAboveBytes(fragmentAboveBytes)
            .fragmentSizeBytes(fragmentSizeBytes)
            .maxFragments(maxFragments)
            .sentPacketsBufferSize(sentPacketsBufferSize)
            .receivedPacketsBufferSize(receivedPacketsBufferSize)
            .fragmentReassemblyBufferSize(fragmentReassemblyBufferSize)
            .rttSmoothingFactor(rttSmoothingFactor)
            .rttHistorySize(rttHistorySize)
            .packetLossSmoothingFactor(packetLossSmoothingFactor)
            .bandwidthSmoothingFactor(bandwidthSmoothingFactor)
            .transportOverheadBytes(transportOverheadBytes)
            .heldPacketSlots(heldPacketSlots)
            .integrity(integrityMode, linkKeys, linkSide)
            .protocolId(protocolId);
    }

    private ReliableConfig integrity(final IntegrityMode mode, final LinkKeys keys, final LinkSide side)
    {
        this.integrityMode = mode;
        this.linkKeys = keys;
        this.linkSide = side;
        return this;
    }

    /**
     * @return this, when every setting is in range.
     * @throws IllegalArgumentException naming the first setting that is not.
     */
    public ReliableConfig validate()
    {
        require(fragmentSizeBytes >= 1 && fragmentSizeBytes <= 65507, "fragmentSizeBytes in [1, 65507]");
        require(maxFragments >= 1 && maxFragments <= FragmentHeader.MAX_FRAGMENT_COUNT, "maxFragments in [1, 256]");
        require(maxPacketSizeBytes >= 1 && (long)maxPacketSizeBytes <= (long)maxFragments * fragmentSizeBytes,
            "maxPacketSizeBytes in [1, maxFragments * fragmentSizeBytes]");
        require(fragmentAboveBytes >= 1 && fragmentAboveBytes <= 65507, "fragmentAboveBytes in [1, 65507]");
        requirePowerOfTwo(sentPacketsBufferSize, "sentPacketsBufferSize");
        requirePowerOfTwo(receivedPacketsBufferSize, "receivedPacketsBufferSize");
        requirePowerOfTwo(fragmentReassemblyBufferSize, "fragmentReassemblyBufferSize");
        require(sentPacketsBufferSize >= 2, "sentPacketsBufferSize >= 2");
        require(rttSmoothingFactor > 0f && rttSmoothingFactor <= 1f, "rttSmoothingFactor in (0, 1]");
        require(rttHistorySize >= 1 && rttHistorySize <= 65536, "rttHistorySize in [1, 65536]");
        require(packetLossSmoothingFactor > 0f && packetLossSmoothingFactor <= 1f,
            "packetLossSmoothingFactor in (0, 1]");
        require(bandwidthSmoothingFactor > 0f && bandwidthSmoothingFactor <= 1f,
            "bandwidthSmoothingFactor in (0, 1]");
        require(transportOverheadBytes >= 0, "transportOverheadBytes >= 0");
        require(heldPacketSlots >= 0 && heldPacketSlots <= MAX_HELD_PACKET_SLOTS, "heldPacketSlots in [0, 8]");
        return this;
    }

    private static void requirePowerOfTwo(final int value, final String name)
    {
        require(value >= 1 && value <= SequenceBuffer.MAX_CAPACITY && Integer.bitCount(value) == 1,
            name + " a power of two in [1, 32768]");
    }

    private static void require(final boolean condition, final String message)
    {
        if (!condition)
        {
            throw new IllegalArgumentException("ReliableConfig: " + message);
        }
    }
}
