/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

/**
 * Indices of a {@link UdpServer}'s counters ({@link UdpServer#counter(int)}).
 * <p>
 * Every datagram read increments {@link #DATAGRAMS_RECEIVED} and exactly one outcome in
 * [{@link #FIRST_OUTCOME}, {@link #LAST_OUTCOME}]: something it achieved, or the one reason it was refused. A refused
 * datagram changes nothing else: no slot, no memory, no reply beyond the ones named here. The remaining counters are
 * events that are not one per datagram (packets sent, timeouts). Refusals are listed roughly in the order the checks
 * run; src/site/wire-format.md gives the exact order for each packet type.
 */
public final class UdpServerCounters
{
    /** Datagrams read from the socket. */
    public static final int DATAGRAMS_RECEIVED = 0;

    /** Outcome: a REQUEST was answered with a CHALLENGE. */
    public static final int CHALLENGES_SENT = 1;
    /** Outcome: a RESPONSE with a valid cookie opened a connection and took a slot. */
    public static final int CLIENTS_CONNECTED = 2;
    /** Outcome: a RESPONSE repeated by an already connected client; its KEEP_ALIVE was resent, no second slot. */
    public static final int CONNECTIONS_CONFIRMED_AGAIN = 3;
    /** Outcome: an authentic KEEP_ALIVE from a connected client. */
    public static final int KEEP_ALIVES_RECEIVED = 4;
    /** Outcome: an authentic DISCONNECT; the client's slot was freed. */
    public static final int CLIENTS_DISCONNECTED = 5;
    /** Outcome: a reliable datagram from a connected client that its endpoint accepted. */
    public static final int DATAGRAMS_ROUTED = 6;

    /** Refused: empty, or a control packet whose size is not its type's. */
    public static final int REFUSED_WRONG_SIZE = 7;
    /** Refused: control byte of no known type, or of a type only the server sends. */
    public static final int REFUSED_UNKNOWN_TYPE = 8;
    /** Refused: REQUEST for another protocol id or handshake version. */
    public static final int REFUSED_WRONG_PROTOCOL = 9;
    /** Refused: REQUEST whose padding is not all zeros. */
    public static final int REFUSED_BAD_PADDING = 10;
    /** Refused: RESPONSE whose cookie expired. */
    public static final int REFUSED_EXPIRED_COOKIE = 11;
    /** Refused: REQUEST or RESPONSE over the sender IP's rate limit. */
    public static final int REFUSED_RATE_LIMITED_ADDRESS = 12;
    /** Refused: REQUEST or RESPONSE over the server's global handshake rate limit. */
    public static final int REFUSED_RATE_LIMITED_GLOBAL = 13;
    /** Refused: REQUEST or RESPONSE while every slot is taken (a DENIED was sent). */
    public static final int REFUSED_SERVER_FULL = 14;
    /**
     * Refused: RESPONSE whose cookie tag does not match: forged, altered, issued to another address or key, by
     * another server instance, or with an expiry the server never issues.
     */
    public static final int REFUSED_BAD_COOKIE = 15;
    /** Refused: valid cookie from an address already connected under another cookie. */
    public static final int REFUSED_ADDRESS_IN_USE = 16;
    /** Refused: valid cookie that already opened a connection (a replay after that connection ended). */
    public static final int REFUSED_REPLAYED_COOKIE = 17;
    /** Refused: valid cookie, but the set of used cookies is full of unexpired ones. */
    public static final int REFUSED_COOKIE_GUARD_FULL = 18;
    /** Refused: valid cookie, but X25519 refused the client's public key (small order). */
    public static final int REFUSED_BAD_PUBLIC_KEY = 19;
    /** Refused: a KEEP_ALIVE, DISCONNECT or reliable datagram from an address that holds no slot. */
    public static final int REFUSED_UNKNOWN_ADDRESS = 20;
    /** Refused: KEEP_ALIVE or DISCONNECT from a connected address whose MAC does not match its link key. */
    public static final int REFUSED_FORGED_CONTROL = 21;
    /** Refused: authentic KEEP_ALIVE or DISCONNECT whose control sequence is not newer than the last (a replay). */
    public static final int REFUSED_REPLAYED_CONTROL = 22;
    /** Refused: reliable datagram from a connected address that its endpoint refused (see its ReliableCounters). */
    public static final int REFUSED_BY_ENDPOINT = 23;

    /** Event: KEEP_ALIVE packets sent (the first one of a connection confirms it). */
    public static final int KEEP_ALIVES_SENT = 24;
    /** Event: DENIED packets sent. */
    public static final int DENIALS_SENT = 25;
    /** Event: DISCONNECT packets sent (several per disconnect, for loss). */
    public static final int DISCONNECTS_SENT = 26;
    /** Event: clients dropped after the idle timeout. */
    public static final int CLIENTS_TIMED_OUT = 27;
    /** Event: clients the application disconnected ({@link UdpServer#disconnect}). */
    public static final int CLIENTS_KICKED = 28;
    /** Event: datagrams the socket refused or failed to send. */
    public static final int SEND_FAILURES = 29;
    /** Event: socket read errors. */
    public static final int RECEIVE_FAILURES = 30;

    /** First per-datagram outcome (inclusive). */
    public static final int FIRST_OUTCOME = CHALLENGES_SENT;
    /** Last per-datagram outcome (inclusive). */
    public static final int LAST_OUTCOME = REFUSED_BY_ENDPOINT;
    /** First refusal (inclusive); refusals run to {@link #LAST_OUTCOME}. */
    public static final int FIRST_REFUSAL = REFUSED_WRONG_SIZE;
    /** Number of counters. */
    public static final int COUNT = RECEIVE_FAILURES + 1;

    private static final String[] NAMES =
    {
        "datagramsReceived", "challengesSent", "clientsConnected", "connectionsConfirmedAgain", "keepAlivesReceived",
        "clientsDisconnected", "datagramsRouted", "refusedWrongSize", "refusedUnknownType", "refusedWrongProtocol",
        "refusedBadPadding", "refusedExpiredCookie", "refusedRateLimitedAddress", "refusedRateLimitedGlobal",
        "refusedServerFull", "refusedBadCookie", "refusedAddressInUse", "refusedReplayedCookie",
        "refusedCookieGuardFull", "refusedBadPublicKey", "refusedUnknownAddress", "refusedForgedControl",
        "refusedReplayedControl", "refusedByEndpoint", "keepAlivesSent", "denialsSent", "disconnectsSent",
        "clientsTimedOut", "clientsKicked", "sendFailures", "receiveFailures",
    };

    private UdpServerCounters()
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
