/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;

/**
 * The counters of a {@link UdpClient} ({@link UdpClient#counter(UdpClientCounters)}).
 * <p>
 * Every datagram read counts {@link #DATAGRAMS_RECEIVED} and exactly one {@link CounterKind#OUTCOME} or
 * {@link CounterKind#REFUSAL}. A refused datagram changes nothing else: not the state, not the keys, not the
 * endpoint. The {@link CounterKind#EVENT} counters are packets sent and timeouts.
 */
public enum UdpClientCounters implements CounterDescriptor
{
    /** Datagrams read from the socket. */
    DATAGRAMS_RECEIVED(0, "datagramsReceived", CounterKind.EVENT,
        "Datagrams read from the socket."),
    /** Outcome: a CHALLENGE for our key was accepted; link keys derived, RESPONSE sent. */
    CHALLENGES_ACCEPTED(1, "challengesAccepted", CounterKind.OUTCOME,
        "A CHALLENGE for our key was accepted; link keys derived, RESPONSE sent."),
    /** Outcome: an authentic KEEP_ALIVE (the first one completes the connection). */
    KEEP_ALIVES_RECEIVED(2, "keepAlivesReceived", CounterKind.OUTCOME,
        "An authentic KEEP_ALIVE (the first one completes the connection)."),
    /** Outcome: a reliable datagram the endpoint accepted. */
    DATAGRAMS_ROUTED(3, "datagramsRouted", CounterKind.OUTCOME,
        "A reliable datagram the endpoint accepted."),
    /** Outcome: a DENIED naming our key: the server is full. */
    DENIALS_RECEIVED(4, "denialsReceived", CounterKind.OUTCOME,
        "A DENIED naming our key: the server is full."),
    /** Outcome: an authentic DISCONNECT from the server. */
    DISCONNECTS_RECEIVED(5, "disconnectsReceived", CounterKind.OUTCOME,
        "An authentic DISCONNECT from the server."),
    /** Refused: empty, or a control packet whose size is not its type's. */
    REFUSED_WRONG_SIZE(6, "refusedWrongSize", CounterKind.REFUSAL,
        "Empty, or a control packet whose size is not its type's."),
    /** Refused: control byte of no known type, or of a type only clients send. */
    REFUSED_UNKNOWN_TYPE(7, "refusedUnknownType", CounterKind.REFUSAL,
        "Control byte of no known type, or of a type only clients send."),
    /** Refused: well formed but not expected now (a CHALLENGE once keys are derived, a datagram before keys...). */
    REFUSED_UNEXPECTED(8, "refusedUnexpected", CounterKind.REFUSAL,
        "Well formed but not expected now (a CHALLENGE once keys are derived, a datagram before keys...)."),
    /** Refused: CHALLENGE that does not echo our public key, or whose server key X25519 refuses. */
    REFUSED_FORGED_CHALLENGE(9, "refusedForgedChallenge", CounterKind.REFUSAL,
        "CHALLENGE that does not echo our public key, or whose server key X25519 refuses."),
    /** Refused: DENIED that does not echo our public key. */
    REFUSED_FORGED_DENIED(10, "refusedForgedDenied", CounterKind.REFUSAL,
        "DENIED that does not echo our public key."),
    /** Refused: KEEP_ALIVE or DISCONNECT whose MAC does not match the server's link key. */
    REFUSED_FORGED_CONTROL(11, "refusedForgedControl", CounterKind.REFUSAL,
        "KEEP_ALIVE or DISCONNECT whose MAC does not match the server's link key."),
    /** Refused: authentic KEEP_ALIVE or DISCONNECT whose control sequence is not newer than the last (a replay). */
    REFUSED_REPLAYED_CONTROL(12, "refusedReplayedControl", CounterKind.REFUSAL,
        "Authentic KEEP_ALIVE or DISCONNECT whose control sequence is not newer than the last (a replay)."),
    /** Refused: reliable datagram the endpoint refused (see its ReliableCounters). */
    REFUSED_BY_ENDPOINT(13, "refusedByEndpoint", CounterKind.REFUSAL,
        "Reliable datagram the endpoint refused (see its ReliableCounters)."),
    /** Event: REQUEST packets sent. */
    REQUESTS_SENT(14, "requestsSent", CounterKind.EVENT,
        "REQUEST packets sent."),
    /** Event: RESPONSE packets sent. */
    RESPONSES_SENT(15, "responsesSent", CounterKind.EVENT,
        "RESPONSE packets sent."),
    /** Event: KEEP_ALIVE packets sent. */
    KEEP_ALIVES_SENT(16, "keepAlivesSent", CounterKind.EVENT,
        "KEEP_ALIVE packets sent."),
    /** Event: DISCONNECT packets sent. */
    DISCONNECTS_SENT(17, "disconnectsSent", CounterKind.EVENT,
        "DISCONNECT packets sent."),
    /** Event: connection attempts that ran out of time. */
    CONNECT_TIMEOUTS(18, "connectTimeouts", CounterKind.EVENT,
        "Connection attempts that ran out of time."),
    /** Event: connections dropped because the server went silent. */
    IDLE_TIMEOUTS(19, "idleTimeouts", CounterKind.EVENT,
        "Connections dropped because the server went silent."),
    /** Event: datagrams the socket refused or failed to send. */
    SEND_FAILURES(20, "sendFailures", CounterKind.EVENT,
        "Datagrams the socket refused or failed to send."),
    /** Event: socket read errors (for example an ICMP port unreachable). */
    RECEIVE_FAILURES(21, "receiveFailures", CounterKind.EVENT,
        "Socket read errors (for example an ICMP port unreachable).");

    private final int id;
    private final String label;
    private final CounterKind kind;
    private final String description;

    UdpClientCounters(final int id, final String label, final CounterKind kind, final String description)
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
