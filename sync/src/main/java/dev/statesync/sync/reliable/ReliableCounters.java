/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;
import dev.statesync.sync.counter.CounterSpec;

/**
 * The counters of a {@link ReliableEndpoint} ({@link ReliableEndpoint#counter(ReliableCounters)}). Every datagram that
 * {@link ReliableEndpoint#receivePacket} handles counts {@link #DATAGRAMS_RECEIVED} and exactly one of
 * {@link #PACKETS_DELIVERED}, {@link #FRAGMENTS_RECEIVED}, {@link #PACKETS_NOT_PROCESSED}, {@link #PACKETS_HELD} or a refusal
 * ({@code REJECTED_*}), and the call returns that counter, so a test or an operator can tell why traffic is lost.
 */
public enum ReliableCounters implements CounterDescriptor
{
    /** Packets passed to sendPacket. */
    PACKETS_SENT("packetsSent", CounterKind.EVENT,
        "Packets passed to sendPacket."),
    /** Fragments put on the wire. */
    FRAGMENTS_SENT("fragmentsSent", CounterKind.EVENT,
        "Fragments put on the wire."),
    /** Datagrams handed to receivePacket, whatever became of them. */
    DATAGRAMS_RECEIVED("datagramsReceived", CounterKind.EVENT,
        "Datagrams handed to receivePacket, whatever became of them."),
    /** Packets delivered to the processor and accepted by it. */
    PACKETS_DELIVERED("packetsDelivered", CounterKind.OUTCOME,
        "Packets delivered to the processor and accepted by it."),
    /** Valid fragments stored for reassembly. */
    FRAGMENTS_RECEIVED("fragmentsReceived", CounterKind.OUTCOME,
        "Valid fragments stored for reassembly."),
    /** Sent packets the peer acked (each counted once). */
    PACKETS_ACKED("packetsAcked", CounterKind.EVENT,
        "Sent packets the peer acked (each counted once)."),
    /** Packets the processor refused (returned false); not acked. */
    PACKETS_NOT_PROCESSED("packetsNotProcessed", CounterKind.OUTCOME,
        "Packets the processor refused (returned false); not acked."),
    /** Rejected: sequence older than the received window. */
    REJECTED_STALE("rejectedStale", CounterKind.REFUSAL,
        "Sequence older than the received window."),
    /** Rejected: sequence already delivered. */
    REJECTED_DUPLICATE("rejectedDuplicate", CounterKind.REFUSAL,
        "Sequence already delivered."),
    /** Rejected: bytes end before a field does. */
    REJECTED_TRUNCATED("rejectedTruncated", CounterKind.REFUSAL,
        "Bytes end before a field does."),
    /** Rejected: a field holds a value no writer produces. */
    REJECTED_MALFORMED("rejectedMalformed", CounterKind.REFUSAL,
        "A field holds a value no writer produces."),
    /** Rejected: datagram or reassembled packet larger than the configured maximum. */
    REJECTED_OVERSIZE("rejectedOversize", CounterKind.REFUSAL,
        "Datagram or reassembled packet larger than the configured maximum."),
    /** Rejected: the integrity trailer (CRC32C, or the keyed MAC of an authenticated link) does not match. */
    REJECTED_INTEGRITY("rejectedIntegrity", CounterKind.REFUSAL,
        "The integrity trailer (CRC32C, or the keyed MAC of an authenticated link) does not match."),
    /** Rejected: fragment id not below the fragment count. */
    REJECTED_FRAGMENT_ID_OUT_OF_RANGE("rejectedFragmentIdOutOfRange", CounterKind.REFUSAL,
        "Fragment id not below the fragment count."),
    /** Rejected: fragment count above the configured maximum. */
    REJECTED_FRAGMENT_COUNT_TOO_LARGE("rejectedFragmentCountTooLarge", CounterKind.REFUSAL,
        "Fragment count above the configured maximum."),
    /** Rejected: fragment carries more than the fragment size. */
    REJECTED_FRAGMENT_OVERSIZE("rejectedFragmentOversize", CounterKind.REFUSAL,
        "Fragment carries more than the fragment size."),
    /** Rejected: non-final fragment shorter than the fragment size, or empty final fragment. */
    REJECTED_FRAGMENT_SHORT("rejectedFragmentShort", CounterKind.REFUSAL,
        "Non-final fragment shorter than the fragment size, or empty final fragment."),
    /** Rejected: fragment count differs from the first fragment received for that sequence. */
    REJECTED_FRAGMENT_COUNT_MISMATCH("rejectedFragmentCountMismatch", CounterKind.REFUSAL,
        "Fragment count differs from the first fragment received for that sequence."),
    /** Rejected: this fragment of this sequence was already stored. */
    REJECTED_FRAGMENT_DUPLICATE("rejectedFragmentDuplicate", CounterKind.REFUSAL,
        "This fragment of this sequence was already stored."),
    /** Rejected: fragment 0's packet header names a different sequence than its fragment header. */
    REJECTED_FRAGMENT_SEQUENCE_MISMATCH("rejectedFragmentSequenceMismatch", CounterKind.REFUSAL,
        "Fragment 0's packet header names a different sequence than its fragment header."),
    /**
     * Packets the processor refused but said may pass later ({@link PacketProcessor#mayPassLater()}): not acked,
     * their datagram kept for one more offer after the next delivery ({@link ReliableConfig#heldPacketSlots}).
     */
    PACKETS_HELD("packetsHeld", CounterKind.OUTCOME,
        "Packets the processor refused but said may pass later: not acked, the datagram kept for one more offer."),
    /** Held packets the processor accepted when offered again (then acked as any delivered packet). */
    HELD_PACKETS_DELIVERED("heldPacketsDelivered", CounterKind.EVENT,
        "Held packets the processor accepted when offered again (then acked as any delivered packet)."),
    /** Held packets the processor refused again when offered again; forgotten. */
    HELD_PACKETS_REFUSED("heldPacketsRefused", CounterKind.EVENT,
        "Held packets the processor refused again when offered again; forgotten."),
    /**
     * Held packets never offered to the processor again: displaced by a newer hold, or stale, a duplicate or
     * otherwise rejected by the time of their second offer.
     */
    HELD_PACKETS_DROPPED("heldPacketsDropped", CounterKind.EVENT,
        "Held packets never offered to the processor again: displaced by a newer hold, or rejected (stale, " +
            "duplicate) by the time of their second offer.");

    private final CounterSpec spec;

    ReliableCounters(final String label, final CounterKind kind, final String description)
    {
        spec = new CounterSpec(label, kind, description);
    }

    @Override
    public CounterSpec spec()
    {
        return spec;
    }
}
