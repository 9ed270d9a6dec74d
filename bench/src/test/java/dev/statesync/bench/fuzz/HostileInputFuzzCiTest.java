package dev.statesync.bench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CI-size run of the hostile-input fuzzer: every network-facing entry point gets seeded random mutations of its
 * honest session's traffic, with honest phases that must converge. Asserts what the long run asserts (nothing
 * escapes, no refused input changes state, no divergence) and that each target can fail: it refused inputs and
 * converged with honest traffic. Sized for about half a minute on two shared cores; the slow targets are the ones
 * whose state digest reads a ring of 32 range coder models (1.8 MB) after every input.
 */
class HostileInputFuzzCiTest
{
    /** Phases twice as often as the long run, so a CI run checks convergence a few times per target. */
    private static final FuzzSettings CI = new FuzzSettings(30, 1000, 8, 20, 360);
    private static final long SEED = 0x5EED_F022L;

    static List<String> targets()
    {
        return FuzzTargets.names();
    }

    /** @return inputs per target: what fits, by how much state one digest reads. */
    static long inputsFor(final String target)
    {
        if (target.endsWith("-range") && !target.startsWith("authority"))
        {
            return 1_500;
        }
        if (target.equals("snapshot-server"))
        {
            // Each honest tick relays snapshots to two clients over real sockets: the slowest honest phases.
            return 5_000;
        }
        if (target.startsWith("replica") || target.startsWith("receiver"))
        {
            return 5_000;
        }
        return 15_000;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void shouldNeverEscapeNorChangeStateOnRefusalNorDiverge(final String name)
    {
        final long seed = SEED * 31 + name.hashCode();
        final FuzzReport report = FuzzRunner.run(FuzzTargets.create(name, seed), inputsFor(name), seed, CI);

        final String summary = String.format(Locale.ROOT,
            "%s: %d inputs (%.0f/s), refused %d, accepted forged %d / genuine %d, phases %d (checked %d, converged %d)%n%s",
            name, report.inputs(), report.inputsPerSecond(), report.refused(), report.acceptedForged(),
            report.acceptedGenuine(), report.honestPhases(), report.checkedPhases(), report.convergedPhases(),
            report.findings().stream().map(FuzzFinding::toString).collect(Collectors.joining("\n")));
        System.out.println(summary.strip());
        assertEquals(0, report.escapes(), summary);
        assertEquals(0, report.stateChanges(), summary);
        assertEquals(0, report.divergences(), summary);
        assertEquals(inputsFor(name), report.inputs(), summary);
        assertTrue(report.refused() > report.inputs() / 2, "most hostile inputs are refused: " + summary);
        assertTrue(report.convergedPhases() > 0 && report.checkedPhases() > 0,
            "the honest session converges, and convergence was checked: " + summary);
    }
}
