package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

import dev.statesync.codec.snapshot.DecodeResult;

/**
 * {@code SnapshotReceiver.decodeFramed} (range-coded frames) or {@code SnapshotReceiver.decode} (bitpacked): the
 * codec on its own, with no reliability layer and no MAC in front, so every mutation reaches the decoder.
 */
final class SnapshotReceiverTarget extends SessionTarget<SnapshotCodecSession>
{
    SnapshotReceiverTarget(final String name, final SnapshotCoding coding, final long seed)
    {
        super(name, false, WireLayout.message(coding.payloadTick()), s -> new SnapshotCodecSession(coding, s), seed);
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session().corpus;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        return session().decode(buffer, offset, length) == DecodeResult.OK;
    }

    @Override
    public long stateDigest()
    {
        return session().receiver.stateDigest();
    }
}
