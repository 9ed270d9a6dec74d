/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;

/**
 * The counters of a {@link ReliableEndpoint} ({@link ReliableEndpoint#counter(ReliableCounters)}). Every datagram that
 * {@link ReliableEndpoint#receivePacket} handles counts {@link #DATAGRAMS_RECEIVED} and exactly one of
 * {@link #PACKETS_DELIVERED}, {@link #FRAGMENTS_RECEIVED}, {@link #PACKETS_NOT_PROCESSED} or a refusal
 * ({@code REJECTED_*}), and the call returns that counter, so a test or an operator can tell why traffic is lost.
 */
public enum ReliableCounters implements CounterDescriptor
{
    /** Packets passed to sendPacket. */
    PACKETS_SENT(0, "packetsSent", CounterKind.EVENT,
        "Packets passed to sendPacket."),
    /** Fragments put on the wire. */
    FRAGMENTS_SENT(1, "fragmentsSent", CounterKind.EVENT,
        "Fragments put on the wire."),
    /** Datagrams handed to receivePacket, whatever became of them. */
    DATAGRAMS_RECEIVED(2, "datagramsReceived", CounterKind.EVENT,
        "Datagrams handed to receivePacket, whatever became of them."),
    /** Packets delivered to the processor and accepted by it. */
    PACKETS_DELIVERED(3, "packetsDelivered", CounterKind.OUTCOME,
        "Packets delivered to the processor and accepted by it."),
    /** Valid fragments stored for reassembly. */
    FRAGMENTS_RECEIVED(4, "fragmentsReceived", CounterKind.OUTCOME,
        "Valid fragments stored for reassembly."),
    /** Sent packets the peer acked (each counted once). */
    PACKETS_ACKED(5, "packetsAcked", CounterKind.EVENT,
        "Sent packets the peer acked (each counted once)."),
    /** Packets the processor refused (returned false); not acked. */
    PACKETS_NOT_PROCESSED(6, "packetsNotProcessed", CounterKind.OUTCOME,
        "Packets the processor refused (returned false); not acked."),
    /** Rejected: sequence older than the received window. */
    REJECTED_STALE(7, "rejectedStale", CounterKind.REFUSAL,
        "Sequence older than the received window."),
    /** Rejected: sequence already delivered. */
    REJECTED_DUPLICATE(8, "rejectedDuplicate", CounterKind.REFUSAL,
        "Sequence already delivered."),
    /** Rejected: bytes end before a field does. */
    REJECTED_TRUNCATED(9, "rejectedTruncated", CounterKind.REFUSAL,
        "Bytes end before a field does."),
    /** Rejected: a field holds a value no writer produces. */
    REJECTED_MALFORMED(10, "rejectedMalformed", CounterKind.REFUSAL,
        "A field holds a value no writer produces."),
    /** Rejected: datagram or reassembled packet larger than the configured maximum. */
    REJECTED_OVERSIZE(11, "rejectedOversize", CounterKind.REFUSAL,
        "Datagram or reassembled packet larger than the configured maximum."),
    /** Rejected: the integrity trailer (CRC32C, or the keyed MAC of an authenticated link) does not match. */
    REJECTED_INTEGRITY(12, "rejectedIntegrity", CounterKind.REFUSAL,
        "The integrity trailer (CRC32C, or the keyed MAC of an authenticated link) does not match."),
    /** Rejected: fragment id not below the fragment count. */
    REJECTED_FRAGMENT_ID_OUT_OF_RANGE(13, "rejectedFragmentIdOutOfRange", CounterKind.REFUSAL,
        "Fragment id not below the fragment count."),
    /** Rejected: fragment count above the configured maximum. */
    REJECTED_FRAGMENT_COUNT_TOO_LARGE(14, "rejectedFragmentCountTooLarge", CounterKind.REFUSAL,
        "Fragment count above the configured maximum."),
    /** Rejected: fragment carries more than the fragment size. */
    REJECTED_FRAGMENT_OVERSIZE(15, "rejectedFragmentOversize", CounterKind.REFUSAL,
        "Fragment carries more than the fragment size."),
    /** Rejected: non-final fragment shorter than the fragment size, or empty final fragment. */
    REJECTED_FRAGMENT_SHORT(16, "rejectedFragmentShort", CounterKind.REFUSAL,
        "Non-final fragment shorter than the fragment size, or empty final fragment."),
    /** Rejected: fragment count differs from the first fragment received for that sequence. */
    REJECTED_FRAGMENT_COUNT_MISMATCH(17, "rejectedFragmentCountMismatch", CounterKind.REFUSAL,
        "Fragment count differs from the first fragment received for that sequence."),
    /** Rejected: this fragment of this sequence was already stored. */
    REJECTED_FRAGMENT_DUPLICATE(18, "rejectedFragmentDuplicate", CounterKind.REFUSAL,
        "This fragment of this sequence was already stored."),
    /** Rejected: fragment 0's packet header names a different sequence than its fragment header. */
    REJECTED_FRAGMENT_SEQUENCE_MISMATCH(19, "rejectedFragmentSequenceMismatch", CounterKind.REFUSAL,
        "Fragment 0's packet header names a different sequence than its fragment header.");

    private final int id;
    private final String label;
    private final CounterKind kind;
    private final String description;

    ReliableCounters(final int id, final String label, final CounterKind kind, final String description)
    {
        this.id = id;
        this.label = label;
        this.kind = kind;
        this.description = description;
    }

    @Override
    public int id()
    {
        return id;
    }

    @Override
    public String label()
    {
        return label;
    }

    @Override
    public CounterKind kind()
    {
        return kind;
    }

    @Override
    public String description()
    {
        return description;
    }
}
