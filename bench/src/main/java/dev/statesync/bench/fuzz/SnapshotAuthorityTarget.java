package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

import dev.statesync.sync.reliable.IntegrityMode;

/**
 * {@code SnapshotAuthority.receiveDatagram}: the replica's ack packets. A forged ack would advance a baseline the
 * replica never received, after which the authority sends deltas the replica cannot decode: the convergence check
 * after each honest phase catches exactly that.
 */
final class SnapshotAuthorityTarget implements FuzzTarget
{
    private final String name;
    private final SnapshotCoding coding;
    private final boolean authenticated;
    private final WireLayout layout;
    private SnapshotLinkSession session;

    SnapshotAuthorityTarget(final String name, final SnapshotCoding coding, final boolean authenticated, final long seed)
    {
        this.name = name;
        this.coding = coding;
        this.authenticated = authenticated;
        this.layout = WireLayout.packets(authenticated ? IntegrityMode.KEYED_MAC : IntegrityMode.NONE, 0,
            WireLayout.PayloadTick.NONE);
        this.session = new SnapshotLinkSession(coding, authenticated, seed);
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public boolean convergenceGuaranteed()
    {
        return authenticated;
    }

    @Override
    public WireLayout layout()
    {
        return layout;
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session.toAuthority;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        final long before = session.authorityAccepted();
        session.authority.receiveDatagram(buffer, offset, length, session.nowNs());
        return session.authorityAccepted() != before;
    }

    @Override
    public long stateDigest()
    {
        return session.authority.stateDigest();
    }

    @Override
    public void honestTick(final boolean moving)
    {
        session.tick(moving);
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
        session = new SnapshotLinkSession(coding, authenticated, seed);
    }
}
