package dev.statesync.bench.fuzz;

/**
 * One failure the fuzzer found, with what it takes to reproduce it: the input as hex and the choice that built it.
 *
 * @param kind     what went wrong.
 * @param target   the target's name.
 * @param input    index of the hostile input in the run (for a divergence: the inputs fed before the phase).
 * @param choice   the choice that built the input, or null for a divergence.
 * @param inputHex the input's bytes, or empty for a divergence.
 * @param detail   the exception, or what differed.
 */
public record FuzzFinding(Kind kind, String target, long input, MutationChoice choice, String inputHex, String detail)
{
    /** The failures the fuzzer looks for. */
    public enum Kind
    {
        /** The entry point threw (or the honest traffic after it did). */
        ESCAPE,
        /** The entry point refused the input and still changed its state. */
        STATE_CHANGE_FROM_REFUSED,
        /** The honest session did not converge although the protocol guarantees it would. */
        DIVERGENCE
    }

    @Override
    public String toString()
    {
        return kind + " in " + target + " at input " + input + (choice == null ? "" : " " + choice) +
            (inputHex.isEmpty() ? "" : "\n  input " + inputHex) + "\n  " + detail;
    }
}
