/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

import dev.statesync.sync.reliable.IntegrityMode;
import dev.statesync.sync.udp.UdpClientConfig;

/**
 * {@code UdpClient.poll} over real loopback sockets: hostile datagrams from the server's address (the only one the
 * client's connected socket hears), mutated from the server's recorded traffic: challenges, denials, keep-alives,
 * disconnects and data for the client's authenticated endpoint.
 * Every connection is authenticated (keyed MAC after the handshake), so the honest session must converge whatever
 * was fed.
 */
final class UdpClientTarget implements FuzzTarget
{
    private final String name;
    private final WireLayout layout =
        WireLayout.packets(IntegrityMode.KEYED_MAC, new UdpClientConfig().protocolId(), WireLayout.PayloadTick.NONE);
    private UdpLinkSession session;

    UdpClientTarget(final String name, final long seed)
    {
        this.name = name;
        this.session = new UdpLinkSession(seed);
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public boolean convergenceGuaranteed()
    {
        return true;
    }

    @Override
    public WireLayout layout()
    {
        return layout;
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session.toClient;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        return session.feedClient(buffer, offset, length);
    }

    @Override
    public long stateDigest()
    {
        return session.client.stateDigest();
    }

    @Override
    public void honestTick(final boolean moving)
    {
        session.tick();
    }

    @Override
    public boolean converged()
    {
        return session.converged();
    }

    @Override
    public long honestErrors()
    {
        return session.honestErrors();
    }

    @Override
    public void rebuild(final long seed)
    {
        session.close();
        session = new UdpLinkSession(seed);
    }
}
