/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

/**
 * Where a {@link UdpClient} is in its connection's life. {@link UdpClient#connect(long)} is allowed from every state
 * except the connecting ones and {@link #CONNECTED}.
 */
public enum UdpClientState
{
    /** Not connected: never connected, or {@link UdpClient#disconnect(long)} was called. */
    DISCONNECTED,
    /** Sending a REQUEST every resend interval until a CHALLENGE arrives. */
    SENDING_REQUEST,
    /** Keys derived; sending the RESPONSE every resend interval until the server confirms. */
    SENDING_RESPONSE,
    /** The server confirmed: payloads flow, authenticated with the derived link keys. */
    CONNECTED,
    /** No confirmation within the connect timeout. */
    CONNECT_TIMED_OUT,
    /** The server was full. */
    DENIED,
    /** Connected, then nothing authentic from the server for the idle timeout. */
    TIMED_OUT,
    /** The server sent an authentic DISCONNECT. */
    DISCONNECTED_BY_SERVER;

    /**
     * @return true while the handshake runs.
     */
    public boolean isConnecting()
    {
        return this == SENDING_REQUEST || this == SENDING_RESPONSE;
    }
}
