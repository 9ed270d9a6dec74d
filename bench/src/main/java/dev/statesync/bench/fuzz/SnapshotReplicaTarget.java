package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

import dev.statesync.sync.reliable.IntegrityMode;

/**
 * {@code SnapshotReplica.receiveDatagram}: a snapshot datagram from the authority, through the reliability layer
 * into the snapshot decoder. On a default (authenticated) link every mutation must die at the MAC; on an
 * unauthenticated one mutated bytes reach the decoder, which must refuse all it cannot apply without a trace.
 */
final class SnapshotReplicaTarget extends SessionTarget<SnapshotLinkSession>
{
    SnapshotReplicaTarget(final String name, final SnapshotCoding coding, final boolean authenticated, final long seed)
    {
        super(name, authenticated,
            WireLayout.packets(authenticated ? IntegrityMode.KEYED_MAC : IntegrityMode.NONE, 0, coding.payloadTick()),
            s -> new SnapshotLinkSession(coding, authenticated, s), seed);
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session().toReplica;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        final SnapshotLinkSession session = session();
        final long before = session.replicaAccepted();
        session.replica.receiveDatagram(buffer, offset, length, session.nowNs());
        return session.replicaAccepted() != before;
    }

    @Override
    public long stateDigest()
    {
        return session().replica.stateDigest();
    }
}
