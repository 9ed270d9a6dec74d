/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

/**
 * {@code UdpClient.poll} over real loopback sockets: hostile datagrams from the server's address (the only one the
 * client's connected socket hears), mutated from the server's recorded traffic: challenges, denials, keep-alives,
 * disconnects and data for the client's authenticated endpoint.
 * Every connection is authenticated (keyed MAC after the handshake), so the honest session must converge whatever
 * was fed.
 */
final class UdpClientTarget extends SessionTarget<UdpLinkSession>
{
    UdpClientTarget(final String name, final long seed)
    {
        super(name, true, UdpLinkSession.layout(), UdpLinkSession::new, seed);
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session().toClient;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        return session().feedClient(buffer, offset, length);
    }

    @Override
    public long stateDigest()
    {
        return session().client.stateDigest();
    }
}
