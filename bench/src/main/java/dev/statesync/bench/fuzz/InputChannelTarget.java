package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

/**
 * {@code ServerInputChannel.onInputMessage}: the client's input messages at the server. No MAC at this layer (in a
 * deployment they travel inside an authenticated link), so a mutated message that parses is a valid one and is
 * accepted, and the server may apply a forged input. The session must converge all the same: the server is the
 * authority, so the client reconciles with whatever the server's object did, and honest messages replace forged
 * inputs not applied yet.
 */
final class InputChannelTarget extends SessionTarget<PredictionPairSession>
{
    InputChannelTarget(final String name, final long seed)
    {
        super(name, true, WireLayout.message(WireLayout.PayloadTick.AT_START), PredictionPairSession::new, seed);
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session().inputMessages;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        return session().feedInputMessage(buffer, offset, length);
    }

    @Override
    public long stateDigest()
    {
        return session().channel.stateDigest();
    }
}
