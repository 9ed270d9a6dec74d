/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.snapshot;

import java.net.InetSocketAddress;

import dev.statesync.sync.udp.DisconnectReason;

/**
 * What a {@link SnapshotServer} tells the application about its clients, on the caller's thread from
 * {@link SnapshotServer#poll} and {@link SnapshotServer#update}. Both methods do nothing by default.
 */
public interface SnapshotServerListener
{
    /**
     * A client took a slot; its authority starts from no baselines and its priority accumulator from 0 (set the
     * factors for this client's view here, see {@link SnapshotServer#priorities(int)}).
     *
     * @param clientIndex the slot, in [0, maxClients).
     * @param address     the client's address.
     */
    default void onClientConnected(final int clientIndex, final InetSocketAddress address)
    {
    }

    /**
     * A client left or timed out; its slot is free for the next one.
     *
     * @param clientIndex the slot.
     * @param reason      why.
     */
    default void onClientDisconnected(final int clientIndex, final DisconnectReason reason)
    {
    }
}
