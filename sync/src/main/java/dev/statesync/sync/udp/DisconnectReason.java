/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

/**
 * Why a {@link UdpServer} freed a client's slot ({@link UdpServerHandler#onClientDisconnected}).
 */
public enum DisconnectReason
{
    /** Nothing authentic from the client for the idle timeout. */
    TIMED_OUT,
    /** The client sent an authentic DISCONNECT. */
    BY_CLIENT,
    /** The application called {@link UdpServer#disconnect}. */
    BY_SERVER
}
