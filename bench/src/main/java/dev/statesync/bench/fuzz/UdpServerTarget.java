/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

/**
 * {@code UdpServer.poll} over real loopback sockets: hostile datagrams reach the server alternately from a connected
 * client's address (handshake packets, control packets and data for its authenticated endpoint) and from an unknown
 * address (the handshake's cookie, key and rate-limit checks), mutated from the client's recorded traffic.
 * Every connection is authenticated (keyed MAC after the handshake), so the honest session must converge whatever
 * was fed.
 */
final class UdpServerTarget extends SessionTarget<UdpLinkSession>
{
    UdpServerTarget(final String name, final long seed)
    {
        super(name, true, UdpLinkSession.layout(), UdpLinkSession::new, seed);
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
