package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

import dev.statesync.codec.snapshot.DecodeResult;

/**
 * {@code SnapshotReceiver.decodeFramed} (range-coded frames) or {@code SnapshotReceiver.decode} (bitpacked): the
 * codec on its own, with no reliability layer and no MAC in front, so every mutation reaches the decoder.
 */
final class SnapshotReceiverTarget implements FuzzTarget
{
    private final String name;
    private final SnapshotCoding coding;
    private final WireLayout layout;
    private SnapshotCodecSession session;

    SnapshotReceiverTarget(final String name, final SnapshotCoding coding, final long seed)
    {
        this.name = name;
        this.coding = coding;
        this.layout = WireLayout.message(coding.payloadTick());
        this.session = new SnapshotCodecSession(coding, seed);
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public boolean convergenceGuaranteed()
    {
        return false;
    }

    @Override
    public WireLayout layout()
    {
        return layout;
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session.corpus;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        return session.decode(buffer, offset, length) == DecodeResult.OK;
    }

    @Override
    public long stateDigest()
    {
        return session.receiver.stateDigest();
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
        session = new SnapshotCodecSession(coding, seed);
    }
}
