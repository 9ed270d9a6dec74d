/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import static dev.statesync.sync.reliable.ReliableCounters.*;

/**
 * One side of a connection speaking the reliable.io protocol: sequence numbers, acks, RTT, packet loss,
 * bandwidth and fragmentation over an unreliable datagram transport. It does not resend anything; it
 * tells you, exactly once per packet, which of your packets arrived ({@link AckListener}), which is what
 * delta compression against acked baselines needs.
 * <p>
 * Use: {@link #sendPacket} hands datagrams to the {@link PacketTransmitter}; feed every datagram from the
 * peer to {@link #receivePacket}, which delivers each new payload once to the {@link PacketProcessor};
 * call {@link #update(long)} once per frame to refresh loss and bandwidth estimates. Time is always
 * passed in, in nanoseconds of any monotonic clock.
 * <p>
 * Received bytes are hostile: a datagram that is stale, duplicate, truncated, malformed, oversize, fails
 * the integrity check or carries an invalid fragment is counted under its reason (see
 * {@link ReliableCounters}) and leaves every other piece of state untouched. Nothing on the send, receive
 * or ack path allocates once fragment reassembly slots have been used once. Not thread safe.
 * <p>
 * With {@link ReliableConfig#heldPacketSlots} above 0 (off by default, as in reliable.io), a packet the processor
 * refuses for now ({@link PacketProcessor#mayPassLater()}: it names one that has not arrived) is not lost: its
 * datagram is kept, and offered once more right after the next delivery, as if it had just arrived
 * ({@link ReliableCounters#PACKETS_HELD} and the {@code HELD_PACKETS_*} counters).
 * <p>
 * Maximum payload: {@link ReliableConfig#maxPacketSizeBytes()} (16384 bytes by default).
 * <pre>{@code
 * ReliableEndpoint endpoint = new ReliableEndpoint(new ReliableConfig(), transmitter, processor, ackListener, nowNs);
 * // each frame:
 * int sequence = endpoint.sendPacket(payload, 0, payloadLength, nowNs); // remember what went in it
 * endpoint.receivePacket(datagram, 0, datagramLength, nowNs);          // for each datagram from the peer
 * endpoint.update(nowNs);
 * double rttMs = endpoint.rttMs();
 * }</pre>
 */
public final class ReliableEndpoint implements ReliableConnection
{
    /** The counters only a delivery moves, in id order: what {@link #stateDigest()} covers. */
    private static final ReliableCounters[] DIGESTED_COUNTERS =
    {
        PACKETS_SENT, FRAGMENTS_SENT, PACKETS_DELIVERED, FRAGMENTS_RECEIVED, PACKETS_ACKED,
    };

    private final ReliableConfig config;
    private final PacketTransmitter transmitter;
    private final PacketProcessor processor;
    private final AckListener ackListener;

    private final SequenceBuffer<SentPacket> sentPackets;
    private final SequenceBuffer<ReceivedPacket> receivedPackets;
    private final SequenceBuffer<FragmentReassembly> reassembly;
    private final RttEstimator rtt;
    private final PacketIntegrity integrity;
    private final HeldPackets held;

    private final PacketHeader packetHeader = new PacketHeader();
    private final FragmentHeader fragmentHeader = new FragmentHeader();
    private final UnsafeBuffer sendBuffer;
    private final long[] counters = new long[ReliableCounters.values().length];

    private final int integrityBytes;
    private final int maxDatagramBytes;

    private int nextSequence;
    /** How many times {@link #nextSequence} wrapped: the sequence epoch of the next packet sent. */
    private long sendEpoch;
    /** The sequence epoch of the datagrams {@link #transmit} is sending. */
    private long transmitEpoch;
    /**
     * The newest delivered packet's sequence counted in 64 bits (epoch * 65536 + sequence), or -1 before the
     * first: where a received 16-bit sequence is taken to lie, to find the epoch its integrity tag covers.
     */
    private long newestDeliveredCount;
    /** The 64-bit count taken for the datagram being received (see {@link #countOf}). */
    private long datagramCount;
    private long nowNs;
    /** The datagram {@link #receivePacket} is handling, for a hold: valid only during that call. */
    private DirectBuffer datagramBuffer;
    private int datagramOffset;
    private int datagramLength;
    /** True while a held datagram is offered again: its outcome is counted under the held counters only. */
    private boolean offeringHeld;
    private double packetLossPercent;
    private double sentBandwidthKbps;
    private double receivedBandwidthKbps;
    private double ackedBandwidthKbps;

    /**
     * @param config      settings; copied, then validated.
     * @param transmitter receives each outgoing datagram.
     * @param processor   receives each new payload once.
     * @param ackListener told once per acked packet.
     * @param nowNs       current time, nanoseconds.
     */
    public ReliableEndpoint(
        final ReliableConfig config,
        final PacketTransmitter transmitter,
        final PacketProcessor processor,
        final AckListener ackListener,
        final long nowNs)
    {
        this.config = config.copy().validate();
        if (transmitter == null || processor == null || ackListener == null)
        {
            throw new IllegalArgumentException("transmitter, processor and ackListener are required");
        }
        this.transmitter = transmitter;
        this.processor = processor;
        this.ackListener = ackListener;

        final int maxFragments = this.config.maxFragments();
        final int reassemblyCapacity = this.config.maxPacketSizeBytes();
        this.sentPackets = new SequenceBuffer<>(this.config.sentPacketsBufferSize(), SentPacket::new);
        this.receivedPackets = new SequenceBuffer<>(this.config.receivedPacketsBufferSize(), ReceivedPacket::new);
        this.reassembly = new SequenceBuffer<>(
            this.config.fragmentReassemblyBufferSize(), () -> new FragmentReassembly(maxFragments, reassemblyCapacity));
        this.rtt = new RttEstimator(this.config.rttSmoothingFactor(), this.config.rttHistorySize());

        this.integrityBytes = PacketIntegrity.trailerBytes(this.config.integrityMode());
        this.maxDatagramBytes = PacketHeader.MAX_BYTES + this.config.maxPacketSizeBytes() + integrityBytes;
        this.integrity = PacketIntegrity.forConfig(this.config, maxDatagramBytes);
        this.held = new HeldPackets(this.config.heldPacketSlots(), maxDatagramBytes);

        final int largestSend = Math.max(
            PacketHeader.MAX_BYTES + Math.min(this.config.fragmentAboveBytes(), this.config.maxPacketSizeBytes()),
            FragmentHeader.BYTES + PacketHeader.MAX_BYTES + this.config.fragmentSizeBytes());
        this.sendBuffer = new UnsafeBuffer(new byte[largestSend + integrityBytes]);
        reset(nowNs);
    }

    /**
     * Forget the connection: sequences restart at 0, windows, estimates and counters are cleared. Lets a
     * server reuse an endpoint for a new client without allocating.
     *
     * @param nowNs current time, nanoseconds.
     */
    public void reset(final long nowNs)
    {
        this.nowNs = nowNs;
        nextSequence = 0;
        sendEpoch = 0;
        newestDeliveredCount = -1;
        sentPackets.reset();
        receivedPackets.reset();
        reassembly.reset();
        held.clear();
        rtt.reset();
        java.util.Arrays.fill(counters, 0L);
        packetLossPercent = 0.0;
        sentBandwidthKbps = 0.0;
        receivedBandwidthKbps = 0.0;
        ackedBandwidthKbps = 0.0;
    }

    /**
     * Forget the connection as {@link #reset(long)} does and take the keys of a new one, so a server can reuse one
     * authenticated endpoint per client slot for every connection that slot serves: endpoints stay built up front
     * and a handshake allocates nothing for them. Datagrams signed with the old keys are refused from now on.
     *
     * @param nowNs current time, nanoseconds.
     * @param keys  the new connection's keys; this end keeps its {@link LinkSide}.
     * @throws IllegalArgumentException when keys is null.
     * @throws IllegalStateException    when the endpoint was not built with {@link IntegrityMode#KEYED_MAC}.
     */
    public void reset(final long nowNs, final LinkKeys keys)
    {
        if (keys == null)
        {
            throw new IllegalArgumentException("keys are required");
        }
        if (!(integrity instanceof KeyedMacIntegrity))
        {
            throw new IllegalStateException("only an endpoint built with authenticate(keys, side) takes new keys");
        }
        ((KeyedMacIntegrity)integrity).rekey(keys, config.linkSide());
        config.authenticate(keys, config.linkSide());
        reset(nowNs);
    }

    /**
     * Send one payload: writes the header with the current acks, fragments it when larger than
     * {@link ReliableConfig#fragmentAboveBytes()}, and hands each datagram to the transmitter before
     * returning.
     *
     * @param payload holds the payload.
     * @param offset  where it starts.
     * @param length  payload bytes, in [0, maxPacketSizeBytes].
     * @param nowNs   current time, nanoseconds.
     * @return the sequence given to this packet, the one {@link AckListener#onAcked(int)} will report.
     * @throws IllegalArgumentException when the payload is larger than the maximum packet size.
     */
    @Override
    public int sendPacket(final DirectBuffer payload, final int offset, final int length, final long nowNs)
    {
        if (length < 0 || length > config.maxPacketSizeBytes())
        {
            throw new IllegalArgumentException(
                "payload of " + length + " bytes, max " + config.maxPacketSizeBytes());
        }
        checkRange(payload, offset, length);
        this.nowNs = nowNs;
        final int sequence = nextSequence;
        transmitEpoch = sendEpoch;
        nextSequence = SequenceNumbers.next(nextSequence);
        if (nextSequence == 0)
        {
            sendEpoch++;
        }
        final int ack = receivedPackets.newestSequence();
        final int ackBits = receivedPackets.ackBits();
        counters[PACKETS_SENT.id()]++;

        final int overhead = config.transportOverheadBytes();
        if (length <= config.fragmentAboveBytes())
        {
            final int headerBytes = PacketHeader.write(sendBuffer, 0, sequence, ack, ackBits);
            sendBuffer.putBytes(headerBytes, payload, offset, length);
            final int datagramBytes = headerBytes + length + integrityBytes;
            sentPackets.insert(sequence).reset(nowNs, datagramBytes + overhead);
            transmit(headerBytes + length);
            return sequence;
        }

        final int fragmentSize = config.fragmentSizeBytes();
        final int fragmentCount = (length + fragmentSize - 1) / fragmentSize;
        final int packetHeaderBytes = PacketHeader.encodedLength(sequence, ack, ackBits);
        final int wireBytes = fragmentCount * (FragmentHeader.BYTES + integrityBytes + overhead) +
            packetHeaderBytes + length;
        sentPackets.insert(sequence).reset(nowNs, wireBytes);

        for (int fragmentId = 0, payloadIndex = 0; fragmentId < fragmentCount; fragmentId++)
        {
            int index = FragmentHeader.write(sendBuffer, 0, sequence, fragmentId, fragmentCount);
            if (fragmentId == 0)
            {
                index += PacketHeader.write(sendBuffer, index, sequence, ack, ackBits);
            }
            final int chunk = Math.min(fragmentSize, length - payloadIndex);
            sendBuffer.putBytes(index, payload, offset + payloadIndex, chunk);
            payloadIndex += chunk;
            counters[FRAGMENTS_SENT.id()]++;
            transmit(index + chunk);
        }
        return sequence;
    }

    /**
     * Process one datagram from the peer. Never throws on bad bytes: the outcome is returned and counted.
     *
     * @param buffer holds the datagram.
     * @param offset where it starts.
     * @param length datagram size in bytes (the caller guarantees the range lies in the buffer).
     * @param nowNs  current time, nanoseconds.
     * @return the {@link ReliableCounters} outcome counted for this datagram:
     *         {@link ReliableCounters#PACKETS_DELIVERED}, {@link ReliableCounters#FRAGMENTS_RECEIVED} (stored,
     *         packet not yet complete), {@link ReliableCounters#PACKETS_NOT_PROCESSED} or a rejection reason.
     */
    public ReliableCounters receivePacket(final DirectBuffer buffer, final int offset, final int length, final long nowNs)
    {
        checkRange(buffer, offset, length);
        counters[DATAGRAMS_RECEIVED.id()]++;
        final ReliableCounters outcome = receiveDatagram(buffer, offset, length, nowNs);
        if (outcome == PACKETS_DELIVERED && held.count() > 0)
        {
            offerHeldAgain(nowNs);
        }
        return outcome;
    }

    /**
     * Offer every held datagram once more, oldest first, through the whole receive path, and forget it: counted as
     * delivered, refused again, or dropped (rejected before reaching the processor). A packet delivered now holds
     * nothing new and offers nothing further, so this ends after as many offers as there were datagrams held.
     */
    private void offerHeldAgain(final long nowNs)
    {
        offeringHeld = true;
        try
        {
            for (int n = held.count(); n > 0; n--)
            {
                final ReliableCounters outcome = receiveDatagram(held.datagram(0), 0, held.length(0), nowNs);
                held.removeOldest();
                if (outcome == PACKETS_DELIVERED)
                {
                    counters[HELD_PACKETS_DELIVERED.id()]++;
                }
                else if (outcome == PACKETS_NOT_PROCESSED)
                {
                    counters[HELD_PACKETS_REFUSED.id()]++;
                }
                else
                {
                    counters[HELD_PACKETS_DROPPED.id()]++;
                }
            }
        }
        finally
        {
            offeringHeld = false;
        }
    }

    private ReliableCounters receiveDatagram(final DirectBuffer buffer, final int offset, final int length, final long nowNs)
    {
        datagramBuffer = buffer;
        datagramOffset = offset;
        datagramLength = length;
        datagramCount = countOf(buffer, offset, length);
        if (length > maxDatagramBytes)
        {
            return count(REJECTED_OVERSIZE);
        }
        int bodyLength = length;
        if (integrity != null)
        {
            if (length < integrityBytes)
            {
                return count(REJECTED_TRUNCATED);
            }
            if (!integrity.verify(buffer, offset, length, datagramCount >>> 16))
            {
                return count(REJECTED_INTEGRITY);
            }
            bodyLength -= integrityBytes;
        }
        if (bodyLength < 1)
        {
            return count(REJECTED_TRUNCATED);
        }

        this.nowNs = nowNs;
        if ((buffer.getByte(offset) & PacketHeader.FRAGMENT_BIT) == 0)
        {
            return receiveRegular(buffer, offset, bodyLength, length);
        }
        return receiveFragment(buffer, offset, bodyLength, length);
    }

    /**
     * Refresh packet loss and bandwidth estimates (reliable.io's update) and the RTT min / max / jitter.
     * Call once per frame; costs one pass over the sent and received windows and the RTT history.
     *
     * @param nowNs current time, nanoseconds.
     */
    public void update(final long nowNs)
    {
        this.nowNs = nowNs;
        updatePacketLoss();
        updateSentAndAckedBandwidth();
        updateReceivedBandwidth();
        rtt.updateStatistics();
    }

    private ReliableCounters receiveRegular(final DirectBuffer buffer, final int offset, final int length, final int wireLength)
    {
        final int headerBytes = packetHeader.read(buffer, offset, length);
        if (headerBytes < 0)
        {
            return count(headerBytes == PacketHeader.TRUNCATED ? REJECTED_TRUNCATED : REJECTED_MALFORMED);
        }
        final int payloadBytes = length - headerBytes;
        if (payloadBytes > config.maxPacketSizeBytes())
        {
            return count(REJECTED_OVERSIZE);
        }
        return acceptPacket(
            packetHeader.sequence(),
            packetHeader.ack(),
            packetHeader.ackBits(),
            buffer,
            offset + headerBytes,
            payloadBytes,
            wireLength + config.transportOverheadBytes());
    }

    private ReliableCounters receiveFragment(final DirectBuffer buffer, final int offset, final int length, final int wireLength)
    {
        final int fragmentHeaderBytes = fragmentHeader.read(buffer, offset, length);
        if (fragmentHeaderBytes < 0)
        {
            return count(fragmentHeaderBytes == FragmentHeader.TRUNCATED ? REJECTED_TRUNCATED : REJECTED_MALFORMED);
        }
        final int sequence = fragmentHeader.sequence();
        final int fragmentId = fragmentHeader.fragmentId();
        final int fragmentCount = fragmentHeader.fragmentCount();
        final int fragmentSize = config.fragmentSizeBytes();

        if (fragmentCount > config.maxFragments())
        {
            return count(REJECTED_FRAGMENT_COUNT_TOO_LARGE);
        }
        if (fragmentId >= fragmentCount)
        {
            return count(REJECTED_FRAGMENT_ID_OUT_OF_RANGE);
        }
        if ((long)(fragmentCount - 1) * fragmentSize + 1 > config.maxPacketSizeBytes())
        {
            return count(REJECTED_OVERSIZE);
        }

        int payloadOffset = offset + fragmentHeaderBytes;
        int ack = 0;
        int ackBits = 0;
        if (fragmentId == 0)
        {
            final int headerBytes = packetHeader.read(buffer, payloadOffset, length - fragmentHeaderBytes);
            if (headerBytes < 0)
            {
                return count(headerBytes == PacketHeader.TRUNCATED ? REJECTED_TRUNCATED : REJECTED_MALFORMED);
            }
            if (packetHeader.sequence() != sequence)
            {
                return count(REJECTED_FRAGMENT_SEQUENCE_MISMATCH);
            }
            ack = packetHeader.ack();
            ackBits = packetHeader.ackBits();
            payloadOffset += headerBytes;
        }

        final int fragmentBytes = offset + length - payloadOffset;
        final boolean isFinal = fragmentId == fragmentCount - 1;
        if (fragmentBytes > fragmentSize)
        {
            return count(REJECTED_FRAGMENT_OVERSIZE);
        }
        if ((!isFinal && fragmentBytes != fragmentSize) || (isFinal && fragmentBytes < 1))
        {
            return count(REJECTED_FRAGMENT_SHORT);
        }
        if (isFinal && (long)fragmentId * fragmentSize + fragmentBytes > config.maxPacketSizeBytes())
        {
            return count(REJECTED_OVERSIZE);
        }
        if (receivedPackets.isStale(sequence) || reassembly.isStale(sequence))
        {
            return count(REJECTED_STALE);
        }
        if (receivedPackets.exists(sequence))
        {
            return count(REJECTED_DUPLICATE);
        }

        final int wireBytes = wireLength + config.transportOverheadBytes();
        FragmentReassembly entry = reassembly.find(sequence);
        if (entry != null)
        {
            if (entry.fragmentCount != fragmentCount)
            {
                return count(REJECTED_FRAGMENT_COUNT_MISMATCH);
            }
            if (entry.fragmentReceived[fragmentId])
            {
                return count(REJECTED_FRAGMENT_DUPLICATE);
            }
        }
        else if (fragmentCount > 1)
        {
            entry = reassembly.insert(sequence);
            entry.reset(fragmentCount);
        }

        if (entry != null && entry.fragmentsReceived < fragmentCount - 1)
        {
            entry.payload.putBytes(fragmentId * fragmentSize, buffer, payloadOffset, fragmentBytes);
            entry.fragmentReceived[fragmentId] = true;
            entry.fragmentsReceived++;
            entry.wireBytes += wireBytes;
            if (fragmentId == 0)
            {
                entry.ack = ack;
                entry.ackBits = ackBits;
            }
            if (isFinal)
            {
                entry.payloadLengthBytes = fragmentId * fragmentSize + fragmentBytes;
            }
            return count(FRAGMENTS_RECEIVED);
        }

        // This fragment completes its packet. The packet is offered without marking the fragment received:
        // only a delivery frees the entry and counts the fragment, so a refused packet leaves reassembly, its
        // window and its counters exactly as they were (a one-fragment packet never touches reassembly at all).
        final ReliableCounters outcome;
        if (entry == null)
        {
            outcome = acceptPacket(sequence, ack, ackBits, buffer, payloadOffset, fragmentBytes, wireBytes);
        }
        else
        {
            // This fragment's slot of the payload is unclaimed until delivery: nothing reads it on a refusal.
            entry.payload.putBytes(fragmentId * fragmentSize, buffer, payloadOffset, fragmentBytes);
            outcome = acceptPacket(
                sequence,
                fragmentId == 0 ? ack : entry.ack,
                fragmentId == 0 ? ackBits : entry.ackBits,
                entry.payload,
                0,
                isFinal ? fragmentId * fragmentSize + fragmentBytes : entry.payloadLengthBytes,
                entry.wireBytes + wireBytes);
        }
        if (outcome == PACKETS_DELIVERED)
        {
            counters[FRAGMENTS_RECEIVED.id()]++;
            if (entry != null)
            {
                reassembly.remove(sequence);
            }
        }
        return outcome;
    }

    private ReliableCounters acceptPacket(
        final int sequence,
        final int ack,
        final int ackBits,
        final DirectBuffer payload,
        final int payloadOffset,
        final int payloadBytes,
        final int wireBytes)
    {
        if (receivedPackets.isStale(sequence))
        {
            return count(REJECTED_STALE);
        }
        if (receivedPackets.exists(sequence))
        {
            return count(REJECTED_DUPLICATE);
        }
        if (!processor.process(sequence, payload, payloadOffset, payloadBytes))
        {
            if (!offeringHeld && held.slots() > 0 && processor.mayPassLater())
            {
                if (held.hold(sequence, datagramBuffer, datagramOffset, datagramLength))
                {
                    counters[HELD_PACKETS_DROPPED.id()]++;
                }
                return count(PACKETS_HELD);
            }
            return count(PACKETS_NOT_PROCESSED);
        }
        receivedPackets.insert(sequence).reset(nowNs, wireBytes);
        if (datagramCount > newestDeliveredCount)
        {
            newestDeliveredCount = datagramCount;
        }
        processAcks(ack, ackBits);
        return count(PACKETS_DELIVERED);
    }

    private void processAcks(final int ack, final int ackBits)
    {
        int bits = ackBits;
        for (int i = 0; bits != 0; i++, bits >>>= 1)
        {
            if ((bits & 1) == 0)
            {
                continue;
            }
            final int ackedSequence = SequenceNumbers.add(ack, -i);
            final SentPacket sent = sentPackets.find(ackedSequence);
            if (sent != null && !sent.acked)
            {
                sent.acked = true;
                counters[PACKETS_ACKED.id()]++;
                rtt.addSample((nowNs - sent.sentNs) / 1_000_000.0);
                ackListener.onAcked(ackedSequence);
            }
        }
    }

    /**
     * The 64-bit count (epoch * 65536 + sequence) of a received datagram: its 16-bit sequence (bytes 1-2 of a regular
     * packet's header and of a fragment's, read before the integrity check, which it only selects) placed within
     * 32768 of the newest delivered packet's count, never below 0. A real datagram is within a few hundred
     * sequences of it (the received window), so it gets the epoch its sender signed; one replayed from an earlier
     * epoch gets the current one and fails the tag. A datagram too short to hold a sequence gets the newest's
     * count; it fails as truncated anyway.
     */
    private long countOf(final DirectBuffer buffer, final int offset, final int length)
    {
        final long newest = Math.max(newestDeliveredCount, 0);
        if (length < 3)
        {
            return newest;
        }
        final int sequence = buffer.getShort(offset + 1, java.nio.ByteOrder.LITTLE_ENDIAN) & 0xFFFF;
        final long count = newest + (short)(sequence - (int)(newest & 0xFFFF));
        return count < 0 ? count + 65536 : count;
    }

    private void transmit(final int length)
    {
        int datagramBytes = length;
        if (integrity != null)
        {
            datagramBytes = integrity.append(sendBuffer, 0, length, transmitEpoch);
        }
        transmitter.transmit(sendBuffer, 0, datagramBytes);
    }

    private static void checkRange(final DirectBuffer buffer, final int offset, final int length)
    {
        if (offset < 0 || length < 0 || offset > buffer.capacity() - length)
        {
            throw new IllegalArgumentException(
                "range [" + offset + ", " + offset + " + " + length + ") outside buffer of " + buffer.capacity());
        }
    }

    /** Count a datagram's outcome; a held datagram offered again was counted when it arrived, so not again. */
    private ReliableCounters count(final ReliableCounters counter)
    {
        if (!offeringHeld)
        {
            counters[counter.id()]++;
        }
        return counter;
    }

    private void updatePacketLoss()
    {
        final int windowSize = sentPackets.capacity();
        final int samples = windowSize / 2;
        final int base = SequenceNumbers.add(sentPackets.nextSequence(), -windowSize);
        int dropped = 0;
        for (int i = 0; i < samples; i++)
        {
            final SentPacket sent = sentPackets.find(SequenceNumbers.add(base, i));
            if (sent != null && !sent.acked)
            {
                dropped++;
            }
        }
        final double measured = dropped * 100.0 / samples;
        packetLossPercent = smooth(packetLossPercent, measured, config.packetLossSmoothingFactor());
    }

    private void updateSentAndAckedBandwidth()
    {
        final int windowSize = sentPackets.capacity();
        final int samples = windowSize / 2;
        final int base = SequenceNumbers.add(sentPackets.nextSequence(), -windowSize);
        long sentBytes = 0;
        long ackedBytes = 0;
        long startNs = Long.MAX_VALUE;
        long finishNs = Long.MIN_VALUE;
        long ackedStartNs = Long.MAX_VALUE;
        long ackedFinishNs = Long.MIN_VALUE;
        for (int i = 0; i < samples; i++)
        {
            final SentPacket sent = sentPackets.find(SequenceNumbers.add(base, i));
            if (sent == null)
            {
                continue;
            }
            sentBytes += sent.wireBytes;
            startNs = Math.min(startNs, sent.sentNs);
            finishNs = Math.max(finishNs, sent.sentNs);
            if (sent.acked)
            {
                ackedBytes += sent.wireBytes;
                ackedStartNs = Math.min(ackedStartNs, sent.sentNs);
                ackedFinishNs = Math.max(ackedFinishNs, sent.sentNs);
            }
        }
        if (finishNs > startNs)
        {
            sentBandwidthKbps = smooth(
                sentBandwidthKbps, kbps(sentBytes, finishNs - startNs), config.bandwidthSmoothingFactor());
        }
        if (ackedFinishNs > ackedStartNs)
        {
            ackedBandwidthKbps = smooth(
                ackedBandwidthKbps, kbps(ackedBytes, ackedFinishNs - ackedStartNs), config.bandwidthSmoothingFactor());
        }
    }

    private void updateReceivedBandwidth()
    {
        final int windowSize = receivedPackets.capacity();
        final int samples = Math.max(1, windowSize / 2);
        final int base = SequenceNumbers.add(receivedPackets.nextSequence(), -windowSize);
        long bytes = 0;
        long startNs = Long.MAX_VALUE;
        long finishNs = Long.MIN_VALUE;
        for (int i = 0; i < samples; i++)
        {
            final ReceivedPacket received = receivedPackets.find(SequenceNumbers.add(base, i));
            if (received == null)
            {
                continue;
            }
            bytes += received.wireBytes;
            startNs = Math.min(startNs, received.receivedNs);
            finishNs = Math.max(finishNs, received.receivedNs);
        }
        if (finishNs > startNs)
        {
            receivedBandwidthKbps = smooth(
                receivedBandwidthKbps, kbps(bytes, finishNs - startNs), config.bandwidthSmoothingFactor());
        }
    }

    private static double kbps(final long bytes, final long durationNs)
    {
        return bytes * 8.0 / (durationNs / 1e9) / 1000.0;
    }

    private static double smooth(final double current, final double measured, final float factor)
    {
        if (Math.abs(current - measured) > 0.00001)
        {
            return current + (measured - current) * factor;
        }
        return measured;
    }

    /**
     * @return this endpoint: it is its own {@link ReliableConnection}, sending straight to its transmitter.
     */
    @Override
    public ReliableEndpoint endpoint()
    {
        return this;
    }

    /**
     * @return the settings in use (a copy taken at construction; do not modify).
     */
    public ReliableConfig config()
    {
        return config;
    }

    /**
     * @return the sequence the next {@link #sendPacket} will use.
     */
    public int nextSequence()
    {
        return nextSequence;
    }

    /**
     * @return the newest sequence received from the peer (what we ack), 65535 before any.
     */
    public int newestReceivedSequence()
    {
        return receivedPackets.newestSequence();
    }

    /**
     * @param counter one of this endpoint's counters.
     * @return its value since construction or the last reset.
     */
    public long counter(final ReliableCounters counter)
    {
        return counters[counter.id()];
    }

    /**
     * @param destination receives every counter's value at its {@link ReliableCounters#id()}; length at least the
     *                    number of counters.
     */
    public void copyCounters(final long[] destination)
    {
        System.arraycopy(counters, 0, destination, 0, counters.length);
    }

    /**
     * @return smoothed round-trip time in milliseconds (0 before the first ack).
     */
    public double rttMs()
    {
        return rtt.smoothedMs();
    }

    /**
     * @return smallest RTT over the history window at the last update, milliseconds.
     */
    public double rttMinMs()
    {
        return rtt.minMs();
    }

    /**
     * @return largest RTT over the history window at the last update, milliseconds.
     */
    public double rttMaxMs()
    {
        return rtt.maxMs();
    }

    /**
     * @return mean RTT over the history window at the last update, milliseconds.
     */
    public double rttAverageMs()
    {
        return rtt.averageMs();
    }

    /**
     * @return mean absolute deviation of RTT from its average over the history window, milliseconds.
     */
    public double jitterMs()
    {
        return rtt.jitterMs();
    }

    /**
     * @return smoothed share of sent packets never acked, in percent [0, 100].
     */
    public double packetLossPercent()
    {
        return packetLossPercent;
    }

    /**
     * @return smoothed sending rate including transport overhead, kilobits per second.
     */
    public double sentBandwidthKbps()
    {
        return sentBandwidthKbps;
    }

    /**
     * @return smoothed receiving rate including transport overhead, kilobits per second.
     */
    public double receivedBandwidthKbps()
    {
        return receivedBandwidthKbps;
    }

    /**
     * @return smoothed rate of sent packets that were acked, kilobits per second.
     */
    public double ackedBandwidthKbps()
    {
        return ackedBandwidthKbps;
    }

    /**
     * A fingerprint of everything received bytes can change: the received window, the acked flags of the
     * sent window, reassembly (window, entries, their flags, sizes and acks), RTT and the counters a delivery
     * moves. It leaves out {@link ReliableCounters#DATAGRAMS_RECEIVED}, the rejection counters and
     * {@link ReliableCounters#PACKETS_NOT_PROCESSED}, which exist to move on a refusal, and the datagrams held for
     * a second offer ({@link ReliableConfig#heldPacketSlots}) with their counters: a held datagram has changed
     * nothing yet, and when it is offered again it is judged as if it had just arrived. Two equal digests
     * around a call prove a refused datagram changed nothing else: for tests and diagnostics. It walks every
     * window, so keep it off any hot path.
     *
     * @return hash of that state.
     */
    public long stateDigest()
    {
        long h = 17;
        h = h * 31 + nextSequence;
        h = h * 31 + newestDeliveredCount;
        h = h * 31 + receivedPackets.nextSequence();
        for (int i = 0; i < receivedPackets.capacity(); i++)
        {
            final int s = receivedPackets.sequenceAtIndex(i);
            h = h * 31 + s;
            if (s >= 0)
            {
                h = h * 31 + receivedPackets.entryAt(i).receivedNs;
                h = h * 31 + receivedPackets.entryAt(i).wireBytes;
            }
        }
        for (int i = 0; i < sentPackets.capacity(); i++)
        {
            final int s = sentPackets.sequenceAtIndex(i);
            h = h * 31 + s;
            if (s >= 0)
            {
                h = h * 31 + (sentPackets.entryAt(i).acked ? 1 : 2);
            }
        }
        h = h * 31 + reassembly.nextSequence();
        for (int i = 0; i < reassembly.capacity(); i++)
        {
            final int s = reassembly.sequenceAtIndex(i);
            h = h * 31 + s;
            if (s >= 0)
            {
                final FragmentReassembly entry = reassembly.entryAt(i);
                h = h * 31 + entry.fragmentCount;
                h = h * 31 + entry.fragmentsReceived;
                h = h * 31 + entry.payloadLengthBytes;
                h = h * 31 + entry.wireBytes;
                h = h * 31 + entry.ack;
                h = h * 31 + entry.ackBits;
                h = h * 31 + java.util.Arrays.hashCode(entry.fragmentReceived);
            }
        }
        h = rtt.digest(h);
        for (final ReliableCounters counter : DIGESTED_COUNTERS)
        {
            h = h * 31 + counters[counter.id()];
        }
        return h;
    }
}
