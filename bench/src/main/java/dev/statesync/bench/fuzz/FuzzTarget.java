package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

/**
 * One network-facing entry point under fuzzing, with the honest session around it: a real sender and receiver
 * running from a seed, whose traffic fills the {@link #corpus()} the mutators start from, and against whose
 * sender's state the receiver's is checked after each honest phase.
 * <p>
 * The contract the {@link FuzzHarness} checks: {@link #feed} never throws; when it says the bytes were refused,
 * {@link #stateDigest()} is what it was before; and after hostile input the honest session still ends up with the
 * receiver holding exactly the sender's state ({@link #converged()}), which the protocol guarantees whatever was fed
 * where {@link #convergenceGuaranteed()}, and elsewhere as long as every forged input was refused.
 * <p>
 * Adding an entry point means one
 * implementation of this interface and one line in {@link FuzzTargets}.
 */
public interface FuzzTarget
{
    /** @return the target's name on the command line and in reports. */
    String name();

    /**
     * @return true when the protocol makes the session converge whatever was fed: on an authenticated link, where
     * nothing forged is ever accepted, and in prediction, where the server is the authority and the client
     * reconciles with its states whatever inputs or states were forged in between. False where an accepted forgery
     * may break the session for good (a window or a tick pushed far ahead, a forged baseline).
     */
    boolean convergenceGuaranteed();

    /** @return where the fields sit in the datagrams this entry point takes. */
    WireLayout layout();

    /** @return the honest session's recent datagrams towards this entry point. */
    FuzzCorpus corpus();

    /**
     * Hand hostile bytes to the entry point, as the transport would.
     *
     * @return true when the entry point accepted them (applied, stored or delivered); false when it refused them.
     */
    boolean feed(DirectBuffer buffer, int offset, int length);

    /** @return a fingerprint of every piece of receiver state the entry point's input can change. */
    long stateDigest();

    /**
     * One tick of honest traffic in both directions, recorded into the corpus.
     *
     * @param moving false once motion (or input) stops, so the receiver can settle on the sender's final state.
     */
    void honestTick(boolean moving);

    /** @return true when the receiver holds exactly the sender's current state. */
    boolean converged();

    /**
     * @return honest deliveries that went wrong so far: a snapshot that decoded to other states than were sent, an
     * honest payload the receiver refused as malformed. Zero unless hostile input was accepted.
     */
    long honestErrors();

    /** Throw the session away and start a fresh honest one (after an escape, or a session hostile input broke). */
    void rebuild(long seed);
}
