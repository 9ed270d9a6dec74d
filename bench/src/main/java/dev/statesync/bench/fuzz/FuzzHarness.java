package dev.statesync.bench.fuzz;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Feeds one {@link FuzzTarget} hostile inputs and honest traffic and checks, input by input, the three things that
 * must hold of a network-facing entry point:
 * <ol>
 * <li>it never throws, whatever the bytes: a {@code Throwable} out of {@link FuzzTarget#feed} (or out of the
 * honest traffic right after) is an <b>escape</b>;</li>
 * <li>a refused input changes nothing: the receiver's state digest after a refusal must equal the one before,
 * else it is a <b>state change from refused input</b>;</li>
 * <li>the honest session still works: after each honest phase (motion, then none until the receiver holds the
 * sender's exact state, bounded in ticks) the target must have converged with no honest delivery gone wrong, else
 * it is a <b>divergence</b>. Asserted where the protocol guarantees it ({@link FuzzTarget#convergenceGuaranteed()})
 * always, elsewhere only while every forged (not byte-for-byte genuine) input was refused since the session last
 * converged. A session that fails without that guarantee is counted as unguaranteed and rebuilt.</li>
 * </ol>
 * The digest before an input is the digest after the previous one whenever nothing ran in between, so each input
 * costs one digest. Shared by the long-running {@link FuzzRunner} and the jqwik properties, which drive it with
 * generated choices. Not thread-safe.
 */
public final class FuzzHarness
{
    private static final int STACK_FRAMES_KEPT = 12;

    private final FuzzTarget target;
    private final FuzzSettings settings;
    private final FuzzReport report;
    private final HostileInputs inputs = new HostileInputs();
    private final long seed;
    private long digest;
    private boolean digestValid;
    private boolean forgedSinceConverged;
    private long honestErrorsAtPhaseStart;
    private long sessions;
    private MutationChoice lastChoice;
    private String lastInputHex = "";

    /**
     * Warms the target's session up.
     *
     * @param target   the entry point and its honest session.
     * @param settings pacing.
     * @param seed     seeds rebuilt sessions.
     */
    public FuzzHarness(final FuzzTarget target, final FuzzSettings settings, final long seed)
    {
        this.target = target;
        this.settings = settings;
        this.seed = seed;
        this.report = new FuzzReport(target.name());
        warmUp();
    }

    /** Build one hostile input and feed it, checking for escapes and state changes. */
    public void hostile(final MutationChoice choice)
    {
        final int length = inputs.build(choice, target.corpus(), target.layout());
        lastChoice = choice;
        lastInputHex = null;
        final long inputIndex = report.inputs();
        final boolean accepted;
        final long after;
        try
        {
            final long before = digestValid ? digest : target.stateDigest();
            accepted = target.feed(inputs.buffer(), 0, length);
            after = target.stateDigest();
            if (!accepted && after != before)
            {
                report.stateChange(new FuzzFinding(FuzzFinding.Kind.STATE_CHANGE_FROM_REFUSED, target.name(),
                    inputIndex, choice, inputHex(), "digest " + Long.toHexString(before) + " -> " +
                    Long.toHexString(after) + " (" + inputs.applied() + ")"));
            }
        }
        catch (final Throwable t)
        {
            report.escapedInput(inputs.applied());
            report.escape(new FuzzFinding(FuzzFinding.Kind.ESCAPE, target.name(), inputIndex, choice, inputHex(),
                stackOf(t)));
            rebuild();
            return;
        }
        report.input(inputs.applied(), accepted, inputs.isGenuine());
        if (accepted && !inputs.isGenuine())
        {
            forgedSinceConverged = true;
        }
        digest = after;
        digestValid = true;
    }

    /** Run honest ticks with motion. */
    public void honestTicks(final int ticks)
    {
        for (int t = 0; t < ticks; t++)
        {
            if (!honestTick(true))
            {
                return;
            }
        }
    }

    /**
     * Motion, then none until the receiver holds the sender's exact state.
     *
     * @return true when the session converged with no honest delivery gone wrong.
     */
    public boolean honestPhase()
    {
        final boolean guaranteed = target.convergenceGuaranteed() || !forgedSinceConverged;
        for (int t = 0; t < settings.movingTicksPerPhase(); t++)
        {
            if (!honestTick(true))
            {
                report.honestPhase(guaranteed, false);
                return false;
            }
        }
        boolean converged = false;
        int ticks = 0;
        while (!converged && ticks < settings.settleBoundTicks())
        {
            if (!honestTick(false))
            {
                report.honestPhase(guaranteed, false);
                return false;
            }
            ticks++;
            converged = target.converged();
        }
        final long honestErrors = target.honestErrors() - honestErrorsAtPhaseStart;
        final boolean ok = converged && honestErrors == 0;
        report.honestPhase(guaranteed, ok);
        if (ok)
        {
            forgedSinceConverged = false;
            honestErrorsAtPhaseStart = target.honestErrors();
            return true;
        }
        if (guaranteed)
        {
            report.divergence(new FuzzFinding(FuzzFinding.Kind.DIVERGENCE, target.name(), report.inputs(), null, "",
                (converged ? "converged" : "not converged after " + ticks + " settling ticks") + ", " +
                honestErrors + " honest deliveries gone wrong"));
        }
        rebuild();
        return false;
    }

    /** @return the report so far (the caller sets the wall time). */
    public FuzzReport report()
    {
        return report;
    }

    /** @return the target. */
    public FuzzTarget target()
    {
        return target;
    }

    private boolean honestTick(final boolean moving)
    {
        try
        {
            target.honestTick(moving);
            digestValid = false;
            return true;
        }
        catch (final Throwable t)
        {
            report.escape(new FuzzFinding(FuzzFinding.Kind.ESCAPE, target.name(), report.inputs(), lastChoice,
                lastChoice == null ? "" : inputHex(), "honest traffic after the last hostile input threw: " + stackOf(t)));
            rebuild();
            return false;
        }
    }

    private void rebuild()
    {
        sessions++;
        report.rebuilt();
        target.rebuild(seed ^ (sessions * 0x9E3779B97F4A7C15L));
        warmUp();
    }

    private void warmUp()
    {
        for (int t = 0; t < settings.warmUpTicks(); t++)
        {
            target.honestTick(true);
        }
        digestValid = false;
        forgedSinceConverged = false;
        honestErrorsAtPhaseStart = target.honestErrors();
    }

    private String inputHex()
    {
        if (lastInputHex == null)
        {
            lastInputHex = inputs.hex();
        }
        return lastInputHex;
    }

    private static String stackOf(final Throwable t)
    {
        final StringWriter text = new StringWriter();
        t.printStackTrace(new PrintWriter(text));
        final String[] lines = text.toString().split("\n");
        final StringBuilder kept = new StringBuilder();
        for (int i = 0; i < Math.min(lines.length, STACK_FRAMES_KEPT); i++)
        {
            kept.append(i == 0 ? "" : "\n  ").append(lines[i].strip());
        }
        return kept.toString();
    }
}
