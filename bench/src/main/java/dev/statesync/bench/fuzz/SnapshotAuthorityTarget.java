package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

import dev.statesync.sync.reliable.IntegrityMode;

/**
 * {@code SnapshotAuthority.receiveDatagram}: the replica's ack packets. A forged ack would advance a baseline the
 * replica never received, after which the authority sends deltas the replica cannot decode: the convergence check
 * after each honest phase catches exactly that.
 */
final class SnapshotAuthorityTarget extends SessionTarget<SnapshotLinkSession>
{
    SnapshotAuthorityTarget(final String name, final SnapshotCoding coding, final boolean authenticated, final long seed)
    {
        super(name, authenticated,
            WireLayout.packets(authenticated ? IntegrityMode.KEYED_MAC : IntegrityMode.NONE, 0,
                WireLayout.PayloadTick.NONE),
            s -> new SnapshotLinkSession(coding, authenticated, s), seed);
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session().toAuthority;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        final SnapshotLinkSession session = session();
        final long before = session.authorityAccepted();
        session.authority.receiveDatagram(buffer, offset, length, session.nowNs());
        return session.authorityAccepted() != before;
    }

    @Override
    public long stateDigest()
    {
        return session().authority.stateDigest();
    }
}
