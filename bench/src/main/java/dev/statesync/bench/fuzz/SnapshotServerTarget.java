/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

/**
 * {@code SnapshotServer.poll} over real loopback sockets with two clients connected: hostile datagrams, mutated from
 * the relayed client's recorded traffic (handshake packets, acks, keep-alives), reach the server alternately from that
 * client's address and from an unknown one. A refused datagram must leave the UDP server and every connected slot
 * (endpoint, authority, baselines) as it was. Every connection is authenticated, so the honest session must converge
 * whatever was fed.
 */
final class SnapshotServerTarget extends SessionTarget<SnapshotServerSession>
{
    SnapshotServerTarget(final String name, final long seed)
    {
        super(name, true, SnapshotServerSession.layout(), SnapshotServerSession::new, seed);
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session().toServer;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        return session().feedServer(buffer, offset, length);
    }

    @Override
    public long stateDigest()
    {
        return session().serverDigest();
    }
}
