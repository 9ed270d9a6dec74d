/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;
import dev.statesync.sync.counter.CounterSpec;

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
    DATAGRAMS_RECEIVED("datagramsReceived", CounterKind.EVENT,
        "Datagrams read from the socket."),
    /** Outcome: a CHALLENGE for our key was accepted; link keys derived, RESPONSE sent. */
    CHALLENGES_ACCEPTED("challengesAccepted", CounterKind.OUTCOME,
        "A CHALLENGE for our key was accepted; link keys derived, RESPONSE sent."),
    /** Outcome: an authentic KEEP_ALIVE (the first one completes the connection). */
    KEEP_ALIVES_RECEIVED("keepAlivesReceived", CounterKind.OUTCOME,
        "An authentic KEEP_ALIVE (the first one completes the connection)."),
    /** Outcome: a reliable datagram the endpoint accepted. */
    DATAGRAMS_ROUTED("datagramsRouted", CounterKind.OUTCOME,
        "A reliable datagram the endpoint accepted."),
    /** Outcome: a DENIED naming our key: the server is full, or our settings differ (UdpClient.deniedReason). */
    DENIALS_RECEIVED("denialsReceived", CounterKind.OUTCOME,
        "A DENIED naming our key: the server is full, or our settings differ (UdpClient.deniedReason)."),
    /** Outcome: an authentic DISCONNECT from the server. */
    DISCONNECTS_RECEIVED("disconnectsReceived", CounterKind.OUTCOME,
        "An authentic DISCONNECT from the server."),
    /** Refused: empty, or a control packet whose size is not its type's. */
    REFUSED_WRONG_SIZE("refusedWrongSize", CounterKind.REFUSAL,
        "Empty, or a control packet whose size is not its type's."),
    /** Refused: control byte of no known type, or of a type only clients send. */
    REFUSED_UNKNOWN_TYPE("refusedUnknownType", CounterKind.REFUSAL,
        "Control byte of no known type, or of a type only clients send."),
    /** Refused: well formed but not expected now (a CHALLENGE once keys are derived, a datagram before keys...). */
    REFUSED_UNEXPECTED("refusedUnexpected", CounterKind.REFUSAL,
        "Well formed but not expected now (a CHALLENGE once keys are derived, a datagram before keys...)."),
    /** Refused: CHALLENGE that does not echo our public key, or whose server key X25519 refuses. */
    REFUSED_FORGED_CHALLENGE("refusedForgedChallenge", CounterKind.REFUSAL,
        "CHALLENGE that does not echo our public key, or whose server key X25519 refuses."),
    /** Refused: DENIED that does not echo our public key. */
    REFUSED_FORGED_DENIED("refusedForgedDenied", CounterKind.REFUSAL,
        "DENIED that does not echo our public key."),
    /** Refused: KEEP_ALIVE or DISCONNECT whose MAC does not match the server's link key. */
    REFUSED_FORGED_CONTROL("refusedForgedControl", CounterKind.REFUSAL,
        "KEEP_ALIVE or DISCONNECT whose MAC does not match the server's link key."),
    /** Refused: authentic KEEP_ALIVE or DISCONNECT whose control sequence is not newer than the last (a replay). */
    REFUSED_REPLAYED_CONTROL("refusedReplayedControl", CounterKind.REFUSAL,
        "Authentic KEEP_ALIVE or DISCONNECT whose control sequence is not newer than the last (a replay)."),
    /** Refused: reliable datagram the endpoint refused (see its ReliableCounters). */
    REFUSED_BY_ENDPOINT("refusedByEndpoint", CounterKind.REFUSAL,
        "Reliable datagram the endpoint refused (see its ReliableCounters)."),
    /** Event: REQUEST packets sent. */
    REQUESTS_SENT("requestsSent", CounterKind.EVENT,
        "REQUEST packets sent."),
    /** Event: RESPONSE packets sent. */
    RESPONSES_SENT("responsesSent", CounterKind.EVENT,
        "RESPONSE packets sent."),
    /** Event: KEEP_ALIVE packets sent. */
    KEEP_ALIVES_SENT("keepAlivesSent", CounterKind.EVENT,
        "KEEP_ALIVE packets sent."),
    /** Event: DISCONNECT packets sent. */
    DISCONNECTS_SENT("disconnectsSent", CounterKind.EVENT,
        "DISCONNECT packets sent."),
    /** Event: connection attempts that ran out of time. */
    CONNECT_TIMEOUTS("connectTimeouts", CounterKind.EVENT,
        "Connection attempts that ran out of time."),
    /** Event: connections dropped because the server went silent. */
    IDLE_TIMEOUTS("idleTimeouts", CounterKind.EVENT,
        "Connections dropped because the server went silent."),
    /** Event: datagrams the socket refused or failed to send. */
    SEND_FAILURES("sendFailures", CounterKind.EVENT,
        "Datagrams the socket refused or failed to send."),
    /** Event: socket read errors (for example an ICMP port unreachable). */
    RECEIVE_FAILURES("receiveFailures", CounterKind.EVENT,
        "Socket read errors (for example an ICMP port unreachable)."),
    /** Refused: DENIED that echoes our public key but names no reason a server sends. */
    REFUSED_UNKNOWN_DENIED_REASON("refusedUnknownDeniedReason", CounterKind.REFUSAL,
        "DENIED that echoes our public key but names no reason a server sends.");

    private final CounterSpec spec;

    UdpClientCounters(final String label, final CounterKind kind, final String description)
    {
        spec = new CounterSpec(label, kind, description);
    }

    @Override
    public CounterSpec spec()
    {
        return spec;
    }
}
