package dev.statesync.bench.fuzz;

import java.util.function.LongFunction;

/**
 * What every {@link FuzzTarget} shares: its name, whether the protocol guarantees convergence, the layout of its
 * datagrams, and an {@link HonestSession} built from a seed that the honest phases drive and {@link #rebuild}
 * replaces. A subclass adds only its entry point: which corpus it mutates, how it feeds bytes and what state it
 * fingerprints.
 *
 * @param <S> the honest session the entry point sits in.
 */
abstract class SessionTarget<S extends HonestSession> implements FuzzTarget
{
    private final String name;
    private final boolean convergenceGuaranteed;
    private final WireLayout layout;
    private final LongFunction<S> sessions;
    private S session;

    /**
     * @param name                  the target's name on the command line and in reports.
     * @param convergenceGuaranteed see {@link FuzzTarget#convergenceGuaranteed()}.
     * @param layout                where the fields sit in the datagrams the entry point takes.
     * @param sessions              builds a fresh honest session from a seed, at start and on every rebuild.
     * @param seed                  seeds the first session.
     */
    SessionTarget(
        final String name,
        final boolean convergenceGuaranteed,
        final WireLayout layout,
        final LongFunction<S> sessions,
        final long seed)
    {
        this.name = name;
        this.convergenceGuaranteed = convergenceGuaranteed;
        this.layout = layout;
        this.sessions = sessions;
        this.session = sessions.apply(seed);
    }

    /** @return the current honest session; a different one after each {@link #rebuild}. */
    final S session()
    {
        return session;
    }

    @Override
    public final String name()
    {
        return name;
    }

    @Override
    public final boolean convergenceGuaranteed()
    {
        return convergenceGuaranteed;
    }

    @Override
    public final WireLayout layout()
    {
        return layout;
    }

    @Override
    public final void honestTick(final boolean moving)
    {
        session.tick(moving);
    }

    @Override
    public final boolean converged()
    {
        return session.converged();
    }

    @Override
    public final long honestErrors()
    {
        return session.honestErrors();
    }

    /** Closes the old session before building the new one, so a session holding sockets frees its ports first. */
    @Override
    public final void rebuild(final long seed)
    {
        session.close();
        session = sessions.apply(seed);
    }
}
