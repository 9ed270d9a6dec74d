package dev.statesync.bench.fuzz;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What fuzzing one target found: how many hostile inputs, how fast, what became of them, and the failures. The
 * three failure counts ({@link #escapes()}, {@link #stateChanges()}, {@link #divergences()}) must be zero; the
 * accepted counts are not failures: without a MAC a mutated datagram can be a valid one, and a replayed real
 * datagram the network never delivered is simply late.
 */
public final class FuzzReport
{
    /** Findings kept per kind, with their inputs: enough to reproduce, not enough to flood a report. */
    public static final int MAX_FINDINGS_PER_KIND = 5;

    private final String target;
    private final long[] inputsByMutator = new long[Mutator.values().length];
    private final long[] acceptedByMutator = new long[Mutator.values().length];
    private final List<FuzzFinding> findings = new ArrayList<>();
    private final int[] findingsByKind = new int[FuzzFinding.Kind.values().length];
    private long inputs;
    private long refused;
    private long acceptedForged;
    private long acceptedGenuine;
    private long escapes;
    private long stateChanges;
    private long divergences;
    private long unguaranteedPhases;
    private long honestPhases;
    private long checkedPhases;
    private long convergedPhases;
    private long rebuilds;
    private long wallNs;

    /** @param target the target's name. */
    public FuzzReport(final String target)
    {
        this.target = target;
    }

    void input(final Mutator mutator, final boolean accepted, final boolean genuine)
    {
        inputs++;
        inputsByMutator[mutator.ordinal()]++;
        if (!accepted)
        {
            refused++;
            return;
        }
        acceptedByMutator[mutator.ordinal()]++;
        if (genuine)
        {
            acceptedGenuine++;
        }
        else
        {
            acceptedForged++;
        }
    }

    void escapedInput(final Mutator mutator)
    {
        inputs++;
        inputsByMutator[mutator.ordinal()]++;
    }

    void escape(final FuzzFinding finding)
    {
        escapes++;
        keep(finding);
    }

    void stateChange(final FuzzFinding finding)
    {
        stateChanges++;
        keep(finding);
    }

    void divergence(final FuzzFinding finding)
    {
        divergences++;
        keep(finding);
    }

    void honestPhase(final boolean checked, final boolean converged)
    {
        honestPhases++;
        if (checked)
        {
            checkedPhases++;
        }
        if (converged)
        {
            convergedPhases++;
        }
        else if (!checked)
        {
            unguaranteedPhases++;
        }
    }

    void rebuilt()
    {
        rebuilds++;
    }

    void wallNs(final long ns)
    {
        wallNs = ns;
    }

    private void keep(final FuzzFinding finding)
    {
        if (findingsByKind[finding.kind().ordinal()]++ < MAX_FINDINGS_PER_KIND)
        {
            findings.add(finding);
        }
    }

    /** @return the target's name. */
    public String target()
    {
        return target;
    }

    /** @return hostile inputs fed. */
    public long inputs()
    {
        return inputs;
    }

    /** @return hostile inputs fed per second of wall time, honest phases included. */
    public double inputsPerSecond()
    {
        return wallNs == 0 ? 0 : inputs * 1e9 / wallNs;
    }

    /** @return inputs the entry point refused (an input it threw on is neither refused nor accepted). */
    public long refused()
    {
        return refused;
    }

    /** @return accepted inputs that were not a real datagram: mutations that happened to be valid. */
    public long acceptedForged()
    {
        return acceptedForged;
    }

    /** @return accepted inputs that were a real datagram byte for byte (replayed, or delivered first). */
    public long acceptedGenuine()
    {
        return acceptedGenuine;
    }

    /** @return inputs on which the entry point, or the honest traffic right after, threw. */
    public long escapes()
    {
        return escapes;
    }

    /** @return refused inputs that changed the receiver's state digest. */
    public long stateChanges()
    {
        return stateChanges;
    }

    /** @return honest phases that did not converge although the protocol guarantees they would. */
    public long divergences()
    {
        return divergences;
    }

    /**
     * @return honest phases that did not converge after a forged input had been accepted on a link without
     * authentication, where nothing guarantees they would (the session is then rebuilt).
     */
    public long unguaranteedPhases()
    {
        return unguaranteedPhases;
    }

    /** @return honest phases run. */
    public long honestPhases()
    {
        return honestPhases;
    }

    /** @return honest phases in which convergence was asserted (guaranteed by the protocol or by refusals). */
    public long checkedPhases()
    {
        return checkedPhases;
    }

    /** @return honest phases that converged with no honest delivery gone wrong. */
    public long convergedPhases()
    {
        return convergedPhases;
    }

    /** @return fresh sessions started after an escape, a divergence or an unguaranteed failure. */
    public long rebuilds()
    {
        return rebuilds;
    }

    /** @return wall time of the run, nanoseconds. */
    public long wallNs()
    {
        return wallNs;
    }

    /** @return inputs built by each {@link Mutator} (after fallbacks), by ordinal. */
    public long inputsBy(final Mutator mutator)
    {
        return inputsByMutator[mutator.ordinal()];
    }

    /** @return accepted inputs built by each {@link Mutator}, by ordinal. */
    public long acceptedBy(final Mutator mutator)
    {
        return acceptedByMutator[mutator.ordinal()];
    }

    /** @return the first {@link #MAX_FINDINGS_PER_KIND} findings of each kind. */
    public List<FuzzFinding> findings()
    {
        return Collections.unmodifiableList(findings);
    }

    /** @return true when nothing escaped, no refused input changed state and every guaranteed phase converged. */
    public boolean clean()
    {
        return escapes == 0 && stateChanges == 0 && divergences == 0;
    }
}
