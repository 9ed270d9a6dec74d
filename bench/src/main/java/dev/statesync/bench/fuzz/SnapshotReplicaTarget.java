package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

import dev.statesync.sync.reliable.IntegrityMode;

/**
 * {@code SnapshotReplica.receiveDatagram}: a snapshot datagram from the authority, through the reliability layer
 * into the snapshot decoder. On a default (authenticated) link every mutation must die at the MAC; on an
 * unauthenticated one mutated bytes reach the decoder, which must refuse all it cannot apply without a trace.
 */
final class SnapshotReplicaTarget implements FuzzTarget
{
    private final String name;
    private final SnapshotCoding coding;
    private final boolean authenticated;
    private final WireLayout layout;
    private SnapshotLinkSession session;

    SnapshotReplicaTarget(final String name, final SnapshotCoding coding, final boolean authenticated, final long seed)
    {
        this.name = name;
        this.coding = coding;
        this.authenticated = authenticated;
        this.layout = WireLayout.packets(authenticated ? IntegrityMode.KEYED_MAC : IntegrityMode.NONE, 0,
            coding.payloadTick());
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
        return session.toReplica;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        final long before = session.replicaAccepted();
        session.replica.receiveDatagram(buffer, offset, length, session.nowNs());
        return session.replicaAccepted() != before;
    }

    @Override
    public long stateDigest()
    {
        return session.replica.stateDigest();
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
