/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

/**
 * Which end of an authenticated link an endpoint is. Each direction has its own key ({@link LinkKeys}), so a
 * datagram one end sent can never be reflected back to it and pass its check.
 */
public enum LinkSide
{
    /** The end that connected: a game client, or the replica of a snapshot link. Signs with client-to-server. */
    CLIENT,
    /** The end that accepted: the game server, or the authority of a snapshot link. Signs with server-to-client. */
    SERVER
}
