package dev.statesync.sync.snapshot;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.snapshot.ObjectCodec;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.AckListener;
import dev.statesync.sync.reliable.PacketProcessor;
import dev.statesync.sync.reliable.PacketTransmitter;
import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.ReliableEndpoint;

/**
 * The replica's end of one snapshot connection: decodes each snapshot the reliability layer delivers and
 * hands the engine the object states. A snapshot that does not decode is refused to the reliability layer,
 * so it is never acked and the authority never takes it as a baseline: sender and receiver cannot disagree
 * about baselines. Call {@link #sendAcks(long)} every tick so acks flow back.
 *
 * Allocation-free after construction. Not thread-safe.
 */
public final class SnapshotReplica implements PacketProcessor, AckListener
{
    private final SnapshotReceiver receiver;
    private final ReliableEndpoint endpoint;
    private final BitReader reader = new BitReader();
    private final UnsafeBuffer empty = new UnsafeBuffer(new byte[0]);
    private final long[] resultCounts = new long[DecodeResult.values().length];
    private final DecodeResult[] results = DecodeResult.values();
    private DecodeResult lastResult;
    private final boolean framed;

    /** Same schema, object count, predictor and snapshot settings as the authority's. */
    public SnapshotReplica(
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final SnapshotLinkConfig config,
        final PacketTransmitter transmitter,
        final long nowNs)
    {
        this.receiver = new SnapshotReceiver(schema, objectCount, predictor, new ObjectCodec(schema), config.snapshot());
        this.framed = config.snapshot().rangeCoded();
        this.endpoint = new ReliableEndpoint(config.reliableFor(LinkSide.CLIENT), transmitter, this, this, nowNs);
    }

    /** Feed a datagram from the authority; a snapshot in it is decoded and applied before this returns. */
    public void receiveDatagram(final DirectBuffer buffer, final int offset, final int length, final long nowNs)
    {
        lastResult = null;
        endpoint.receivePacket(buffer, offset, length, nowNs);
    }

    /** Send an empty packet: it carries the acks of everything received so far. */
    public void sendAcks(final long nowNs)
    {
        endpoint.sendPacket(empty, 0, 0, nowNs);
    }

    /** Update estimates; call once per tick. */
    public void update(final long nowNs)
    {
        endpoint.update(nowNs);
    }

    @Override
    public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        final DecodeResult result;
        if (framed)
        {
            result = receiver.decodeFramed(buffer, offset, length);
        }
        else
        {
            reader.wrap(buffer, offset, length);
            result = receiver.decode(reader);
        }
        resultCounts[result.ordinal()]++;
        lastResult = result;
        return result == DecodeResult.OK;
    }

    @Override
    public void onAcked(final int sequence)
    {
        // The replica's packets carry no state; nothing depends on their acks.
    }

    /** @return the snapshot receiver: the states, and which objects the last snapshot updated. */
    public SnapshotReceiver receiver()
    {
        return receiver;
    }

    /** @return the reliability endpoint. */
    public ReliableEndpoint endpoint()
    {
        return endpoint;
    }

    /** @return the result of the snapshot the last datagram carried, or null if it carried none. */
    public DecodeResult lastResult()
    {
        return lastResult;
    }

    /** @return how many snapshots ended with each {@link DecodeResult}. */
    public long count(final DecodeResult result)
    {
        return resultCounts[result.ordinal()];
    }

    /**
     * A fingerprint of everything a datagram from the authority can change: the endpoint's
     * ({@link ReliableEndpoint#stateDigest()}), the receiver's ({@link SnapshotReceiver#stateDigest()}) and the
     * count of snapshots applied. It leaves out the counts of refused snapshots and {@link #lastResult()}, which
     * exist to report a refusal. Two equal digests around {@link #receiveDatagram} prove a refused datagram
     * changed nothing else: for tests and diagnostics, off any hot path.
     *
     * @return hash of that state.
     */
    public long stateDigest()
    {
        long h = endpoint.stateDigest();
        h = h * 31 + receiver.stateDigest();
        return h * 31 + resultCounts[DecodeResult.OK.ordinal()];
    }

    /** @return total of every non-OK decode result. */
    public long decodeFailures()
    {
        long failures = 0;
        for (final DecodeResult result : results)
        {
            if (result != DecodeResult.OK)
            {
                failures += resultCounts[result.ordinal()];
            }
        }
        return failures;
    }
}
