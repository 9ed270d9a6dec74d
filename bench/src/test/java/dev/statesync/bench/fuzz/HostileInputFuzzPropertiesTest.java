package dev.statesync.bench.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;

/**
 * The fuzz targets driven by jqwik-generated mutation choices instead of a seeded random stream, so a failure
 * shrinks to a minimal sequence of honest ticks and hostile inputs, each input as small and as close to the newest
 * real datagram as still fails. Same invariants as the long run: nothing escapes, a refused input changes nothing,
 * and the honest session converges wherever the protocol guarantees it.
 */
class HostileInputFuzzPropertiesTest
{
    private static final FuzzSettings SETTINGS = new FuzzSettings(24, Integer.MAX_VALUE, 1, 10, 360);

    @Provide
    Arbitrary<String> targets()
    {
        return Arbitraries.of(FuzzTargets.names());
    }

    @Provide
    Arbitrary<FuzzStep> steps()
    {
        final Arbitrary<Integer> any = Arbitraries.integers().between(0, Integer.MAX_VALUE);
        final Arbitrary<MutationChoice> choices = Combinators.combine(Arbitraries.of(Mutator.class),
            Arbitraries.integers().between(0, 70), any, any, Arbitraries.longs(), Arbitraries.of(true, false))
            .as(MutationChoice::new);
        return Combinators.combine(Arbitraries.integers().between(0, 2), choices).as(FuzzStep::new);
    }

    @Property(tries = 300)
    void refusedInputsChangeNothingAndTheSessionConverges(
        @ForAll("targets") final String target,
        @ForAll final long seed,
        @ForAll @Size(min = 1, max = 24) final List<@net.jqwik.api.From("steps") FuzzStep> steps)
    {
        final FuzzHarness harness = new FuzzHarness(FuzzTargets.create(target, seed), SETTINGS, seed);
        for (final FuzzStep step : steps)
        {
            harness.honestTicks(step.honestTicksBefore());
            harness.hostile(step.choice());
        }
        harness.honestPhase();
        final FuzzReport report = harness.report();
        Statistics.label("target").collect(target);
        Statistics.label("convergence").collect(report.checkedPhases() > 0 ? "checked" : "after accepted forgery");
        assertTrue(report.clean(), report.findings().stream().map(FuzzFinding::toString)
            .collect(Collectors.joining("\n")));
    }
}
