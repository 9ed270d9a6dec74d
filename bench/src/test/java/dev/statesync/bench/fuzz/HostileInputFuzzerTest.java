package dev.statesync.bench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The fuzzer's command line: exit codes, counts, and a table per target. */
class HostileInputFuzzerTest
{
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(final String... args)
    {
        return HostileInputFuzzer.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void shouldPrintUsageWithEveryTarget()
    {
        assertEquals(HostileInputFuzzer.EXIT_CLEAN, run("--help"));
        final String text = out.toString(StandardCharsets.UTF_8);
        for (final String name : FuzzTargets.names())
        {
            assertTrue(text.contains(name), name);
        }
    }

    @Test
    void shouldRefuseBadArgumentsWithExitCodeTwo()
    {
        assertEquals(HostileInputFuzzer.EXIT_USAGE, run("--inputs"));
        assertEquals(HostileInputFuzzer.EXIT_USAGE, run("--inputs", "0"));
        assertEquals(HostileInputFuzzer.EXIT_USAGE, run("--inputs", "many"));
        assertEquals(HostileInputFuzzer.EXIT_USAGE, run("--target", "nowhere"));
        assertEquals(HostileInputFuzzer.EXIT_USAGE, run("--seed", "x"));
        assertEquals(HostileInputFuzzer.EXIT_USAGE, run("--frobnicate"));
    }

    @Test
    void shouldParseCountsInEveryWrittenForm()
    {
        assertEquals(10_000_000L, HostileInputFuzzer.parseCount("10000000"));
        assertEquals(10_000_000L, HostileInputFuzzer.parseCount("10_000_000"));
        assertEquals(10_000_000L, HostileInputFuzzer.parseCount("1e7"));
        assertThrows(IllegalArgumentException.class, () -> HostileInputFuzzer.parseCount("1.5"));
    }

    @Test
    void shouldFuzzTheNamedTargetsAndPrintATable()
    {
        assertEquals(HostileInputFuzzer.EXIT_CLEAN,
            run("--inputs", "400", "--target", "reliable-mac,input-channel", "--markdown", "--seed", "3"));
        final String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("| reliable-mac | 200 |"), text);
        assertTrue(text.contains("| input-channel | 200 |"), text);
        assertTrue(text.contains("**total**"), text);
    }
}
