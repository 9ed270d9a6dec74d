/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;
import dev.statesync.sync.counter.CounterSpec;

/**
 * The counters of a {@link UdpServer} ({@link UdpServer#counter(UdpServerCounters)}).
 * <p>
 * Every datagram read counts {@link #DATAGRAMS_RECEIVED} and exactly one {@link CounterKind#OUTCOME} or
 * {@link CounterKind#REFUSAL}: something it achieved, or the one reason it was refused. A refused datagram changes
 * nothing else: no slot, no memory, no reply beyond the ones named here. The {@link CounterKind#EVENT} counters are
 * not one per datagram (packets sent, timeouts). Refusals are listed roughly in the order the checks run;
 * src/site/wire-format.md gives the exact order for each packet type.
 */
public enum UdpServerCounters implements CounterDescriptor
{
    /** Datagrams read from the socket. */
    DATAGRAMS_RECEIVED("datagramsReceived", CounterKind.EVENT,
        "Datagrams read from the socket."),
    /** Outcome: a REQUEST was answered with a CHALLENGE. */
    CHALLENGES_SENT("challengesSent", CounterKind.OUTCOME,
        "A REQUEST was answered with a CHALLENGE."),
    /** Outcome: a RESPONSE with a valid cookie opened a connection and took a slot. */
    CLIENTS_CONNECTED("clientsConnected", CounterKind.OUTCOME,
        "A RESPONSE with a valid cookie opened a connection and took a slot."),
    /** Outcome: a RESPONSE repeated by an already connected client; its KEEP_ALIVE was resent, no second slot. */
    CONNECTIONS_CONFIRMED_AGAIN("connectionsConfirmedAgain", CounterKind.OUTCOME,
        "A RESPONSE repeated by an already connected client; its KEEP_ALIVE was resent, no second slot."),
    /** Outcome: an authentic KEEP_ALIVE from a connected client. */
    KEEP_ALIVES_RECEIVED("keepAlivesReceived", CounterKind.OUTCOME,
        "An authentic KEEP_ALIVE from a connected client."),
    /** Outcome: an authentic DISCONNECT; the client's slot was freed. */
    CLIENTS_DISCONNECTED("clientsDisconnected", CounterKind.OUTCOME,
        "An authentic DISCONNECT; the client's slot was freed."),
    /** Outcome: a reliable datagram from a connected client that its endpoint accepted. */
    DATAGRAMS_ROUTED("datagramsRouted", CounterKind.OUTCOME,
        "A reliable datagram from a connected client that its endpoint accepted."),
    /** Refused: empty, or a control packet whose size is not its type's. */
    REFUSED_WRONG_SIZE("refusedWrongSize", CounterKind.REFUSAL,
        "Empty, or a control packet whose size is not its type's."),
    /** Refused: control byte of no known type, or of a type only the server sends. */
    REFUSED_UNKNOWN_TYPE("refusedUnknownType", CounterKind.REFUSAL,
        "Control byte of no known type, or of a type only the server sends."),
    /** Refused: REQUEST for another protocol id or handshake version. */
    REFUSED_WRONG_PROTOCOL("refusedWrongProtocol", CounterKind.REFUSAL,
        "REQUEST for another protocol id or handshake version."),
    /** Refused: REQUEST whose padding is not all zeros. */
    REFUSED_BAD_PADDING("refusedBadPadding", CounterKind.REFUSAL,
        "REQUEST whose padding is not all zeros."),
    /** Refused: RESPONSE whose cookie expired. */
    REFUSED_EXPIRED_COOKIE("refusedExpiredCookie", CounterKind.REFUSAL,
        "RESPONSE whose cookie expired."),
    /** Refused: REQUEST or RESPONSE over the sender IP's rate limit. */
    REFUSED_RATE_LIMITED_ADDRESS("refusedRateLimitedAddress", CounterKind.REFUSAL,
        "REQUEST or RESPONSE over the sender IP's rate limit."),
    /** Refused: REQUEST or RESPONSE over the server's global handshake rate limit. */
    REFUSED_RATE_LIMITED_GLOBAL("refusedRateLimitedGlobal", CounterKind.REFUSAL,
        "REQUEST or RESPONSE over the server's global handshake rate limit."),
    /** Refused: REQUEST or RESPONSE while every slot is taken (a DENIED was sent). */
    REFUSED_SERVER_FULL("refusedServerFull", CounterKind.REFUSAL,
        "REQUEST or RESPONSE while every slot is taken (a DENIED was sent)."),
    /** Refused: RESPONSE whose cookie tag does not match: forged, altered, issued to another address or key, by another server instance, or with an expiry the server never issues. */
    REFUSED_BAD_COOKIE("refusedBadCookie", CounterKind.REFUSAL,
        "RESPONSE whose cookie tag does not match: forged, altered, issued to another address or key, by another server instance, or with an expiry the server never issues."),
    /** Refused: valid cookie from an address already connected under another cookie. */
    REFUSED_ADDRESS_IN_USE("refusedAddressInUse", CounterKind.REFUSAL,
        "Valid cookie from an address already connected under another cookie."),
    /** Refused: valid cookie that already opened a connection (a replay after that connection ended). */
    REFUSED_REPLAYED_COOKIE("refusedReplayedCookie", CounterKind.REFUSAL,
        "Valid cookie that already opened a connection (a replay after that connection ended)."),
    /** Refused: valid cookie, but the set of used cookies is full of unexpired ones. */
    REFUSED_COOKIE_GUARD_FULL("refusedCookieGuardFull", CounterKind.REFUSAL,
        "Valid cookie, but the set of used cookies is full of unexpired ones."),
    /** Refused: valid cookie, but X25519 refused the client's public key (small order). */
    REFUSED_BAD_PUBLIC_KEY("refusedBadPublicKey", CounterKind.REFUSAL,
        "Valid cookie, but X25519 refused the client's public key (small order)."),
    /** Refused: a KEEP_ALIVE, DISCONNECT or reliable datagram from an address that holds no slot. */
    REFUSED_UNKNOWN_ADDRESS("refusedUnknownAddress", CounterKind.REFUSAL,
        "A KEEP_ALIVE, DISCONNECT or reliable datagram from an address that holds no slot."),
    /** Refused: KEEP_ALIVE or DISCONNECT from a connected address whose MAC does not match its link key. */
    REFUSED_FORGED_CONTROL("refusedForgedControl", CounterKind.REFUSAL,
        "KEEP_ALIVE or DISCONNECT from a connected address whose MAC does not match its link key."),
    /** Refused: authentic KEEP_ALIVE or DISCONNECT whose control sequence is not newer than the last (a replay). */
    REFUSED_REPLAYED_CONTROL("refusedReplayedControl", CounterKind.REFUSAL,
        "Authentic KEEP_ALIVE or DISCONNECT whose control sequence is not newer than the last (a replay)."),
    /** Refused: reliable datagram from a connected address that its endpoint refused (see its ReliableCounters). */
    REFUSED_BY_ENDPOINT("refusedByEndpoint", CounterKind.REFUSAL,
        "Reliable datagram from a connected address that its endpoint refused (see its ReliableCounters)."),
    /** Event: KEEP_ALIVE packets sent (the first one of a connection confirms it). */
    KEEP_ALIVES_SENT("keepAlivesSent", CounterKind.EVENT,
        "KEEP_ALIVE packets sent (the first one of a connection confirms it)."),
    /** Event: DENIED packets sent. */
    DENIALS_SENT("denialsSent", CounterKind.EVENT,
        "DENIED packets sent."),
    /** Event: DISCONNECT packets sent (several per disconnect, for loss). */
    DISCONNECTS_SENT("disconnectsSent", CounterKind.EVENT,
        "DISCONNECT packets sent (several per disconnect, for loss)."),
    /** Event: clients dropped after the idle timeout. */
    CLIENTS_TIMED_OUT("clientsTimedOut", CounterKind.EVENT,
        "Clients dropped after the idle timeout."),
    /** Event: clients the application disconnected ({@link UdpServer#disconnect}). */
    CLIENTS_KICKED("clientsKicked", CounterKind.EVENT,
        "Clients the application disconnected (UdpServer.disconnect)."),
    /** Event: datagrams the socket refused or failed to send. */
    SEND_FAILURES("sendFailures", CounterKind.EVENT,
        "Datagrams the socket refused or failed to send."),
    /** Event: socket read errors. */
    RECEIVE_FAILURES("receiveFailures", CounterKind.EVENT,
        "Socket read errors."),
    /** Refused: REQUEST whose settings fingerprint differs from the server's (a DENIED naming the reason was sent). */
    REFUSED_SETTINGS_MISMATCH("refusedSettingsMismatch", CounterKind.REFUSAL,
        "REQUEST whose settings fingerprint differs from the server's (a DENIED naming the reason was sent).");

    private final CounterSpec spec;

    UdpServerCounters(final String label, final CounterKind kind, final String description)
    {
        spec = new CounterSpec(label, kind, description);
    }

    @Override
    public CounterSpec spec()
    {
        return spec;
    }
}
