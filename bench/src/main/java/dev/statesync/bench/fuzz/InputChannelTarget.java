package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

/**
 * {@code ServerInputChannel.onInputMessage}: the client's input messages at the server. No MAC at this layer (in a
 * deployment they travel inside an authenticated link), so a mutated message that parses is a valid one and is
 * accepted, and the server may apply a forged input. The session must converge all the same: the server is the
 * authority, so the client reconciles with whatever the server's object did, and honest messages replace forged
 * inputs not applied yet.
 */
final class InputChannelTarget implements FuzzTarget
{
    private final String name;
    private final WireLayout layout = WireLayout.message(WireLayout.PayloadTick.AT_START);
    private PredictionPairSession session;

    InputChannelTarget(final String name, final long seed)
    {
        this.name = name;
        this.session = new PredictionPairSession(seed);
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
        return session.inputMessages;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        return session.feedInputMessage(buffer, offset, length);
    }

    @Override
    public long stateDigest()
    {
        return session.channel.stateDigest();
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
        session = new PredictionPairSession(seed);
    }
}
