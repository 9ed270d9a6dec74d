/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

/**
 * Indices of a {@link UdpClient}'s counters ({@link UdpClient#counter(int)}).
 * <p>
 * Every datagram read increments {@link #DATAGRAMS_RECEIVED} and exactly one outcome in
 * [{@link #FIRST_OUTCOME}, {@link #LAST_OUTCOME}]. A refused datagram changes nothing else: not the state, not the
 * keys, not the endpoint. The remaining counters are events (packets sent, timeouts).
 */
public final class UdpClientCounters
{
    /** Datagrams read from the socket. */
    public static final int DATAGRAMS_RECEIVED = 0;

    /** Outcome: a CHALLENGE for our key was accepted; link keys derived, RESPONSE sent. */
    public static final int CHALLENGES_ACCEPTED = 1;
    /** Outcome: an authentic KEEP_ALIVE (the first one completes the connection). */
    public static final int KEEP_ALIVES_RECEIVED = 2;
    /** Outcome: a reliable datagram the endpoint accepted. */
    public static final int DATAGRAMS_ROUTED = 3;
    /** Outcome: a DENIED naming our key: the server is full. */
    public static final int DENIALS_RECEIVED = 4;
    /** Outcome: an authentic DISCONNECT from the server. */
    public static final int DISCONNECTS_RECEIVED = 5;

    /** Refused: empty, or a control packet whose size is not its type's. */
    public static final int REFUSED_WRONG_SIZE = 6;
    /** Refused: control byte of no known type, or of a type only clients send. */
    public static final int REFUSED_UNKNOWN_TYPE = 7;
    /** Refused: well formed but not expected now (a CHALLENGE once keys are derived, a datagram before keys...). */
    public static final int REFUSED_UNEXPECTED = 8;
    /** Refused: CHALLENGE that does not echo our public key, or whose server key X25519 refuses. */
    public static final int REFUSED_FORGED_CHALLENGE = 9;
    /** Refused: DENIED that does not echo our public key. */
    public static final int REFUSED_FORGED_DENIED = 10;
    /** Refused: KEEP_ALIVE or DISCONNECT whose MAC does not match the server's link key. */
    public static final int REFUSED_FORGED_CONTROL = 11;
    /** Refused: authentic KEEP_ALIVE or DISCONNECT whose control sequence is not newer than the last (a replay). */
    public static final int REFUSED_REPLAYED_CONTROL = 12;
    /** Refused: reliable datagram the endpoint refused (see its ReliableCounters). */
    public static final int REFUSED_BY_ENDPOINT = 13;

    /** Event: REQUEST packets sent. */
    public static final int REQUESTS_SENT = 14;
    /** Event: RESPONSE packets sent. */
    public static final int RESPONSES_SENT = 15;
    /** Event: KEEP_ALIVE packets sent. */
    public static final int KEEP_ALIVES_SENT = 16;
    /** Event: DISCONNECT packets sent. */
    public static final int DISCONNECTS_SENT = 17;
    /** Event: connection attempts that ran out of time. */
    public static final int CONNECT_TIMEOUTS = 18;
    /** Event: connections dropped because the server went silent. */
    public static final int IDLE_TIMEOUTS = 19;
    /** Event: datagrams the socket refused or failed to send. */
    public static final int SEND_FAILURES = 20;
    /** Event: socket read errors (for example an ICMP port unreachable). */
    public static final int RECEIVE_FAILURES = 21;

    /** First per-datagram outcome (inclusive). */
    public static final int FIRST_OUTCOME = CHALLENGES_ACCEPTED;
    /** Last per-datagram outcome (inclusive). */
    public static final int LAST_OUTCOME = REFUSED_BY_ENDPOINT;
    /** First refusal (inclusive); refusals run to {@link #LAST_OUTCOME}. */
    public static final int FIRST_REFUSAL = REFUSED_WRONG_SIZE;
    /** Number of counters. */
    public static final int COUNT = RECEIVE_FAILURES + 1;

    private static final String[] NAMES =
    {
        "datagramsReceived", "challengesAccepted", "keepAlivesReceived", "datagramsRouted", "denialsReceived",
        "disconnectsReceived", "refusedWrongSize", "refusedUnknownType", "refusedUnexpected", "refusedForgedChallenge",
        "refusedForgedDenied", "refusedForgedControl", "refusedReplayedControl", "refusedByEndpoint", "requestsSent",
        "responsesSent", "keepAlivesSent", "disconnectsSent", "connectTimeouts", "idleTimeouts", "sendFailures",
        "receiveFailures",
    };

    private UdpClientCounters()
    {
    }

    /**
     * @param counter index in [0, {@link #COUNT}).
     * @return true when the index is a refusal reason.
     */
    public static boolean isRefusal(final int counter)
    {
        return counter >= FIRST_REFUSAL && counter <= LAST_OUTCOME;
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
