package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

/**
 * {@code PredictionClient.onStateMessage}: the server's state messages at the client. Accepted means the client
 * took the state (its accepted count moved); a refused one (malformed, stale, unmatched) must leave the client's
 * digest and its world untouched. A forged state that is accepted costs a correction, and a forged ack a few
 * inputs the server then misses; the next honest state corrects both, so the session must converge whatever was
 * fed.
 */
final class PredictionClientTarget extends SessionTarget<PredictionPairSession>
{
    PredictionClientTarget(final String name, final long seed)
    {
        super(name, true, WireLayout.message(WireLayout.PayloadTick.AT_START), PredictionPairSession::new, seed);
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session().stateMessages;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        return session().feedStateMessage(buffer, offset, length);
    }

    @Override
    public long stateDigest()
    {
        return session().clientDigest();
    }
}
