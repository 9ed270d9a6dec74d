/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

import dev.statesync.sync.reliable.IntegrityMode;
import dev.statesync.sync.udp.UdpClientConfig;

/**
 * {@code UdpServer.poll} over real loopback sockets: hostile datagrams reach the server alternately from a connected
 * client's address (handshake packets, control packets and data for its authenticated endpoint) and from an unknown
 * address (the handshake's cookie, key and rate-limit checks), mutated from the client's recorded traffic.
 * Every connection is authenticated (keyed MAC after the handshake), so the honest session must converge whatever
 * was fed.
 */
final class UdpServerTarget implements FuzzTarget
{
    private final String name;
    private final WireLayout layout =
        WireLayout.packets(IntegrityMode.KEYED_MAC, new UdpClientConfig().protocolId(), WireLayout.PayloadTick.NONE);
    private UdpLinkSession session;

    UdpServerTarget(final String name, final long seed)
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
        return session.toServer;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        return session.feedServer(buffer, offset, length);
    }

    @Override
    public long stateDigest()
    {
        return session.serverDigest();
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
