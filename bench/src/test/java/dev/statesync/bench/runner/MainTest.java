package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.statesync.bench.Main;

class MainTest
{
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(final String... args)
    {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void shouldPrintUsageAndExitZeroOnHelp()
    {
        assertEquals(Main.EXIT_OK, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("--latency-ms"));
    }

    @Test
    void shouldExitTwoWithOneLineOnStderrForABadOption()
    {
        assertEquals(Main.EXIT_USAGE, run("--loss", "1.5"));
        final String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.startsWith("statesync-bench: --loss"), message);
        assertEquals(1, message.lines().count(), message);
    }

    @Test
    void shouldPrintTheTableAndWriteBothReportsWhenAsked(@TempDir final Path dir) throws Exception
    {
        final Path json = dir.resolve("r.json");
        final Path html = dir.resolve("r.html");
        assertEquals(Main.EXIT_OK, run("--scene", "pile", "--seconds", "1", "--json", json.toString(),
            "--html", html.toString(), "--budget-kbps", "128"));
        final String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("smallest-three") && table.contains("fiedler-2015"), table);
        assertEquals("pile", new ObjectMapper().readTree(Files.readString(json)).get("scene").asText());
        final String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.contains("<svg") && page.endsWith("</html>\n"));
        assertTrue(page.contains("Objects sent"), "budgeted run shows the raster");
        assertTrue(!page.contains("http://") || !page.replace("http://www.w3.org/2000/svg", "").contains("http://"),
            "nothing fetched from the network");
    }

    @Test
    void shouldSweepTheBudgetsGivenAndReportErrorAgainstKbpsInTableJsonAndHtml(@TempDir final Path dir) throws Exception
    {
        final Path json = dir.resolve("s.json");
        final Path html = dir.resolve("s.html");
        assertEquals(Main.EXIT_OK, run("--scene", "pile", "--seconds", "0.5", "--sweep", "--sweep-kbps", "unlimited,64",
            "--sweep-seconds", "0.5", "--json", json.toString(), "--html", html.toString()));
        final String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("sweep (0.5000 s per budget)") && table.contains("\nunlimited ") && table.contains("\n64 "),
            table);
        final var sweep = new ObjectMapper().readTree(Files.readString(json)).get("sweep");
        assertEquals(2, sweep.size());
        assertTrue(sweep.get(0).get("budgetKbps").isNull(), "unlimited is null");
        assertEquals(64, sweep.get(1).get("budgetKbps").asInt());
        assertTrue(sweep.get(1).get("kbps").asDouble() > 0 && sweep.get(0).get("kbps").asDouble() > 0, "kbps used");
        assertTrue(sweep.get(0).get("positionErrorP99M").isNumber() && sweep.get(0).get("rotationErrorP99Deg").isNumber());
        final String page = Files.readString(html);
        assertTrue(page.contains("a sweep of budgets") && page.contains("kbps used"), "the sweep plot");
        assertTrue(page.contains("The scene from above") && page.contains("largest error: tick"), "the top-down views");
    }

    @Test
    void shouldCompareEachSweepBudgetWithTheControllerOff(@TempDir final Path dir) throws Exception
    {
        final Path json = dir.resolve("c.json");
        final Path html = dir.resolve("c.html");
        assertEquals(Main.EXIT_OK, run("--scene", "pile", "--seconds", "0.5", "--sweep", "--sweep-compare",
            "--sweep-kbps", "unlimited,64", "--sweep-seconds", "0.5", "--json", json.toString(), "--html", html.toString()));
        final String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("\n64         rd ") && table.contains("\n64         fixed "), table);
        final var sweep = new ObjectMapper().readTree(Files.readString(json)).get("sweep");
        assertEquals(3, sweep.size(), "unlimited once, 64 kbps with and without the controller");
        assertFalse(sweep.get(0).get("rateDistortion").asBoolean());
        assertTrue(sweep.get(1).get("rateDistortion").asBoolean());
        assertFalse(sweep.get(2).get("rateDistortion").asBoolean());
        assertEquals(64, sweep.get(2).get("budgetKbps").asInt());
        assertTrue(Files.readString(html).contains("stroke-dasharray"), "the controller-off series is dashed");
    }

    @Test
    void shouldRefuseABadSweepBudget()
    {
        assertEquals(Main.EXIT_USAGE, run("--sweep", "--sweep-kbps", "256,lots"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("statesync-bench: --sweep-kbps"));
    }
    @Test
    void shouldRunTheSameScenarioOnSeedsOneToNAndReportEachWithTheirMedianAndWorst(@TempDir final Path dir)
        throws Exception
    {
        final Path json = dir.resolve("seeds.json");
        final Path html = dir.resolve("seeds.html");
        assertEquals(Main.EXIT_OK, run("--scene", "pile", "--seconds", "0.5", "--loss", "0.2", "--seeds", "2",
            "--json", json.toString(), "--html", html.toString()));
        final String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("seeds (the same run with network seeds 1..2)") && table.contains("\n1 ") &&
            table.contains("\n2 ") && table.contains("\nmedian ") && table.contains("\nworst ") &&
            table.contains("of 2 seeds"), table);
        final var seeds = new ObjectMapper().readTree(Files.readString(json)).get("seeds");
        assertEquals(2, seeds.size());
        assertEquals(1, seeds.get(0).get("seed").asLong());
        assertEquals(2, seeds.get(1).get("seed").asLong());
        final String page = Files.readString(html);
        assertTrue(page.contains("on other network seeds") && page.contains("<title>seed 2: largest ") &&
            page.contains("target 0.10 m"), "the seeds section and its plot: a bar per seed, the target line");

        // Each seed's run is the run itself with only the seed replaced: seed 2 on its own gives the same figures.
        final Path alone = dir.resolve("alone.json");
        assertEquals(Main.EXIT_OK, run("--scene", "pile", "--seconds", "0.5", "--loss", "0.2", "--seed", "2",
            "--json", alone.toString()));
        final var single = new ObjectMapper().readTree(Files.readString(alone));
        double statesyncBits = Double.NaN;
        for (final var stage : single.get("stages"))
        {
            statesyncBits = "statesync".equals(stage.get("name").asText()) ? stage.get("bitsPerSnapshot").asDouble() : statesyncBits;
        }
        assertEquals(statesyncBits, seeds.get(1).get("bitsPerSnapshot").asDouble(), 1e-9);
        assertEquals(single.get("fidelity").get("positionErrorMaxM").asDouble(),
            seeds.get(1).get("positionErrorMaxM").asDouble(), 1e-12);
        assertEquals(single.get("link").get("packetsLost").asLong(), seeds.get(1).get("snapshotDatagramsLost").asLong());
        assertFalse(seeds.get(0).get("snapshotDatagramsLost").asLong() == seeds.get(1).get("snapshotDatagramsLost").asLong() &&
            seeds.get(0).get("bitsPerSnapshot").asDouble() == seeds.get(1).get("bitsPerSnapshot").asDouble(),
            "two seeds at 20% loss lose other packets");
    }

    /**
     * A leaner codec ({@code --predictor}, {@code --range-coding}) spends more bits on the same states and shows the
     * replica exactly what the default shows: the codec is lossless, so without loss or jitter (whose draws follow the
     * datagrams, and a larger frame may fragment into more) every displayed figure agrees.
     */
    @Test
    void aLeanerCodecShouldSpendMoreBitsAndShowTheSameStates(@TempDir final Path dir) throws Exception
    {
        final String[] link = { "--seconds", "2", "--loss", "0", "--jitter-ms", "0" };
        final var runner = runJson(dir.resolve("runner.json"), link);
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("codec:"), "the default names no codec line");
        out.reset();
        final var linear = runJson(dir.resolve("linear.json"), link, "--predictor", "linear");
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("codec: predictor linear, range coding on"));
        out.reset();
        final var lean = runJson(dir.resolve("lean.json"), link, "--predictor", "hold", "--range-coding", "off");
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("codec: predictor hold, range coding off"));

        assertEquals("runner", runner.get("predictor").asText());
        assertTrue(runner.get("rangeCoded").asBoolean());
        assertEquals("hold", lean.get("predictor").asText());
        assertFalse(lean.get("rangeCoded").asBoolean());
        assertTrue(runner.get("statesyncBits").get("rangeCodedFrames").asLong() > 0);
        assertEquals(0, lean.get("statesyncBits").get("rangeCodedFrames").asLong(), "range coding off codes no frame");
        final double runnerBits = statesyncBits(runner);
        final double linearBits = statesyncBits(linear);
        final double leanBits = statesyncBits(lean);
        assertTrue(runnerBits < linearBits && linearBits < leanBits, runnerBits + " < " + linearBits + " < " + leanBits);
        for (final String figure : new String[]{ "positionErrorMeanM", "positionErrorP99M", "positionErrorMaxM",
            "rotationErrorP99Deg", "restingJitterM" })
        {
            final double shown = runner.get("fidelity").get(figure).asDouble();
            assertEquals(shown, linear.get("fidelity").get(figure).asDouble(), 0.0, figure);
            assertEquals(shown, lean.get("fidelity").get(figure).asDouble(), 0.0, figure);
        }
    }

    private com.fasterxml.jackson.databind.JsonNode runJson(final Path json, final String[] link, final String... more)
        throws Exception
    {
        final String[] args = new String[link.length + more.length + 2];
        System.arraycopy(link, 0, args, 0, link.length);
        System.arraycopy(more, 0, args, link.length, more.length);
        args[args.length - 2] = "--json";
        args[args.length - 1] = json.toString();
        assertEquals(Main.EXIT_OK, run(args));
        return new ObjectMapper().readTree(Files.readString(json));
    }

    private static double statesyncBits(final com.fasterxml.jackson.databind.JsonNode report)
    {
        for (final var stage : report.get("stages"))
        {
            if ("statesync".equals(stage.get("name").asText()))
            {
                return stage.get("bitsPerSnapshot").asDouble();
            }
        }
        throw new AssertionError("no statesync stage");
    }

    @Test
    void shouldListTheLargestDisplayedErrorsWithTheirCausesWhenAskedAndChangeNothingElse(@TempDir final Path dir)
        throws Exception
    {
        final Path json = dir.resolve("errors.json");
        final Path html = dir.resolve("errors.html");
        assertEquals(Main.EXIT_OK, run("--scene", "pile", "--seconds", "1", "--loss", "0.2", "--largest-errors", "3",
            "--json", json.toString(), "--html", html.toString()));
        final String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("largest displayed errors:") && table.contains("by cause (samples, largest):"), table);
        final var report = new ObjectMapper().readTree(Files.readString(json));
        final var errors = report.get("fidelity").get("displayErrors");
        final var largest = errors.get("largest");
        assertTrue(largest.size() >= 1 && largest.size() <= 3, largest.toString());
        assertEquals(report.get("fidelity").get("positionErrorMaxM").asDouble(), largest.get(0).get("errorM").asDouble(),
            1e-12, "the first row is the run's largest error");
        for (int i = 0; i < largest.size(); i++)
        {
            final var row = largest.get(i);
            assertTrue(i == 0 || row.get("errorM").asDouble() <= largest.get(i - 1).get("errorM").asDouble(),
                "largest first");
            assertTrue(row.get("heldTick").asInt() <= row.get("displayTick").asInt(), row.toString());
            assertTrue(row.get("towardsTick").isNull() || row.get("towardsTick").asInt() > row.get("displayTick").asInt(),
                row.toString());
            assertFalse(row.get("causes").asText().isEmpty(), row.toString());
        }
        if (largest.get(0).get("errorM").asDouble() >= errors.get("thresholdM").asDouble())
        {
            long samples = 0;
            for (final var cause : errors.get("byCause"))
            {
                samples += cause.get("samples").asLong();
                assertTrue(cause.get("largestM").asDouble() <= largest.get(0).get("errorM").asDouble() + 1e-12);
            }
            assertTrue(samples > 0, "an error over the threshold is counted by its cause");
        }
        assertTrue(Files.readString(html).contains("largest displayed errors:"), "the HTML summary carries the table");

        // The diagnostic only watches: the run without it has the same bits and errors, and no such section.
        final Path plain = dir.resolve("plain.json");
        assertEquals(Main.EXIT_OK, run("--scene", "pile", "--seconds", "1", "--loss", "0.2", "--json", plain.toString()));
        final var without = new ObjectMapper().readTree(Files.readString(plain));
        assertFalse(without.get("fidelity").has("displayErrors"));
        assertEquals(without.get("fidelity").get("positionErrorMaxM").asDouble(),
            report.get("fidelity").get("positionErrorMaxM").asDouble(), 1e-12);
        assertEquals(without.get("fidelity").get("positionErrorP99M").asDouble(),
            report.get("fidelity").get("positionErrorP99M").asDouble(), 1e-12);
        assertEquals(without.get("link").get("packetsLost").asLong(), report.get("link").get("packetsLost").asLong());
        for (int i = 0; i < without.get("stages").size(); i++)
        {
            assertEquals(without.get("stages").get(i).get("bitsPerSnapshot").asDouble(),
                report.get("stages").get(i).get("bitsPerSnapshot").asDouble(), 1e-9);
        }
    }
}
