package dev.statesync.bench.fuzz;

/**
 * The honest half of a {@link FuzzTarget}: a real sender and receiver running from a seed, whose traffic the
 * mutators start from and whose convergence is the check after each honest phase. One interface over every
 * session, so {@link SessionTarget} can drive whichever one a target wraps and the targets keep only their
 * entry point.
 */
interface HonestSession extends AutoCloseable
{
    /**
     * One tick of honest traffic in both directions, recorded into the session's corpora.
     *
     * @param moving false once motion (or input) stops, so the receiver can settle on the sender's final state.
     */
    void tick(boolean moving);

    /** @return true when the receiver holds exactly the sender's current state (or, with no state, the link works). */
    boolean converged();

    /** @return honest deliveries that went wrong so far; zero unless hostile input was accepted. */
    long honestErrors();

    /** Release what the session holds outside the heap (sockets); most hold nothing, so by default a no-op. */
    @Override
    default void close()
    {
    }
}
