/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

/**
 * Indices of the endpoint's counters (see {@link ReliableEndpoint#counter(int)}). Every datagram that
 * {@link ReliableEndpoint#receivePacket} refuses increments exactly one rejection counter, and the call
 * returns that counter's index, so a test or an operator can tell why traffic is lost.
 */
public final class ReliableCounters
{
    /** Packets passed to sendPacket. */
    public static final int PACKETS_SENT = 0;
    /** Fragments put on the wire. */
    public static final int FRAGMENTS_SENT = 1;
    /** Datagrams handed to receivePacket, whatever became of them. */
    public static final int DATAGRAMS_RECEIVED = 2;
    /** Packets delivered to the processor and accepted by it. */
    public static final int PACKETS_DELIVERED = 3;
    /** Valid fragments stored for reassembly. */
    public static final int FRAGMENTS_RECEIVED = 4;
    /** Sent packets the peer acked (each counted once). */
    public static final int PACKETS_ACKED = 5;
    /** Packets the processor refused (returned false); not acked. */
    public static final int PACKETS_NOT_PROCESSED = 6;

    /** Rejected: sequence older than the received window. */
    public static final int REJECTED_STALE = 7;
    /** Rejected: sequence already delivered. */
    public static final int REJECTED_DUPLICATE = 8;
    /** Rejected: bytes end before a field does. */
    public static final int REJECTED_TRUNCATED = 9;
    /** Rejected: a field holds a value no writer produces. */
    public static final int REJECTED_MALFORMED = 10;
    /** Rejected: datagram or reassembled packet larger than the configured maximum. */
    public static final int REJECTED_OVERSIZE = 11;
    /** Rejected: the integrity trailer (CRC32C, or the keyed MAC of an authenticated link) does not match. */
    public static final int REJECTED_INTEGRITY = 12;
    /** Rejected: fragment id not below the fragment count. */
    public static final int REJECTED_FRAGMENT_ID_OUT_OF_RANGE = 13;
    /** Rejected: fragment count above the configured maximum. */
    public static final int REJECTED_FRAGMENT_COUNT_TOO_LARGE = 14;
    /** Rejected: fragment carries more than the fragment size. */
    public static final int REJECTED_FRAGMENT_OVERSIZE = 15;
    /** Rejected: non-final fragment shorter than the fragment size, or empty final fragment. */
    public static final int REJECTED_FRAGMENT_SHORT = 16;
    /** Rejected: fragment count differs from the first fragment received for that sequence. */
    public static final int REJECTED_FRAGMENT_COUNT_MISMATCH = 17;
    /** Rejected: this fragment of this sequence was already stored. */
    public static final int REJECTED_FRAGMENT_DUPLICATE = 18;
    /** Rejected: fragment 0's packet header names a different sequence than its fragment header. */
    public static final int REJECTED_FRAGMENT_SEQUENCE_MISMATCH = 19;

    /** First rejection index (inclusive). */
    public static final int FIRST_REJECTION = REJECTED_STALE;
    /** Last rejection index (inclusive). */
    public static final int LAST_REJECTION = REJECTED_FRAGMENT_SEQUENCE_MISMATCH;
    /** Number of counters. */
    public static final int COUNT = LAST_REJECTION + 1;

    private static final String[] NAMES =
    {
        "packetsSent", "fragmentsSent", "datagramsReceived", "packetsDelivered", "fragmentsReceived",
        "packetsAcked", "packetsNotProcessed", "rejectedStale", "rejectedDuplicate", "rejectedTruncated",
        "rejectedMalformed", "rejectedOversize", "rejectedIntegrity", "rejectedFragmentIdOutOfRange",
        "rejectedFragmentCountTooLarge", "rejectedFragmentOversize", "rejectedFragmentShort",
        "rejectedFragmentCountMismatch", "rejectedFragmentDuplicate", "rejectedFragmentSequenceMismatch",
    };

    private ReliableCounters()
    {
    }

    /**
     * @param counter index in [0, {@link #COUNT}).
     * @return true when the index is a rejection reason.
     */
    public static boolean isRejection(final int counter)
    {
        return counter >= FIRST_REJECTION && counter <= LAST_REJECTION;
    }

    /**
     * @param counter index in [0, {@link #COUNT}).
     * @return a stable camelCase name for reports.
     */
    public static String name(final int counter)
    {
        if (counter < 0 || counter >= COUNT)
        {
            throw new IllegalArgumentException("no counter " + counter);
        }
        return NAMES[counter];
    }
}
