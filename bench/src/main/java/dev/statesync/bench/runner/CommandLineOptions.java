package dev.statesync.bench.runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The scenario runner's command line as picocli declares it: names, value labels, help text and the checks
 * on each value. {@link Options#parse} reads one and turns it into the immutable {@link Options}; defaults that
 * depend on other options (the link preset, the scene's schema) are resolved there.
 */
@Command(
    name = "statesync-bench",
    synopsisHeading = "",
    separator = " ",
    customSynopsis = "usage: java -jar statesync-bench.jar [server | client] [options]",
    description = {
        "",
        "Runs a physics scene through an authority and a replica connected by a simulated network,",
        "prints the bandwidth of each compression stage, fidelity and link figures, and writes reports.",
        ""},
    sortOptions = false,
    usageHelpWidth = 110,
    footer = {
        "",
        "  server              run the scene as an authority on 127.0.0.1 over real UDP for --seconds",
        "  client              run a replica of it (same --scene/--schema) and print what it received"})
final class CommandLineOptions
{
    @Spec
    CommandSpec spec;

    /** {@code server}, {@code client}, or null for the simulated run. */
    @Parameters(index = "0", arity = "0..1", paramLabel = "COMMAND", hidden = true)
    String command;

    String scene = Options.DEFAULT_SCENE;
    double seconds = Options.DEFAULT_SECONDS;

    @Option(names = "--seed", paramLabel = "N", order = 3,
        description = "network simulator seed (long)              (default " + Options.DEFAULT_SEED + ")")
    long seed = Options.DEFAULT_SEED;

    Double rttMs;
    Double jitterMs;
    Double lossFraction;
    String link = Options.LINK_DEFAULT;
    double budgetKbps;

    @Option(names = "--schema", paramLabel = "KIND", order = 9, converter = SchemaKindConverter.class,
        description = {
            "snapshot | state  (default snapshot for cubes, state for pile, player)",
            "snapshot: position + rotation + at rest, receiver interpolates",
            "state: + velocities at high precision, quantized on both sides"})
    SchemaKind schema;

    String jsonFile;
    String htmlFile;

    @Option(names = "--sweep", order = 15, description = {
        "after the run, run the scene again at each --sweep-kbps budget for --sweep-seconds",
        "(10 s, half a default run, to keep 6 runs quick); print error against kbps and put",
        "it in the JSON (sweep) and HTML (plot) reports"})
    boolean sweep;

    @Option(names = "--sweep-compare", order = 24, description = {
        "with --sweep: run each budget again with --rate-distortion off, to compare"})
    boolean sweepCompare;

    int seedRuns;

    @Option(names = "--seeds", paramLabel = "N", order = 17,
        description = {"after the run, run it again with network seeds 1..N, all else as given; print each",
            "seed's bits, errors and losses with their median and worst, so a figure is not one",
            "seed's luck; also in the JSON (seeds) and HTML reports   (default 0: none; max " +
                Options.MAX_SEED_RUNS + ")"})
    void seedRuns(final int value)
    {
        seedRuns = (int)inRange("--seeds", value, 0, Options.MAX_SEED_RUNS, true);
    }

    int largestErrors;

    @Option(names = "--largest-errors", paramLabel = "N", order = 17,
        description = {"list the run's N largest displayed position errors (one per object and state",
            "shown) with what became of the object's later states: lost, deferred, late or",
            "unsent; count every error of 10 mm or more by those causes; also in the JSON",
            "(fidelity.displayErrors) and HTML reports   (default 0: none; max " + Options.MAX_LARGEST_ERRORS + ")"})
    void largestErrors(final int value)
    {
        largestErrors = (int)inRange("--largest-errors", value, 0, Options.MAX_LARGEST_ERRORS, true);
    }

    double[] sweepKbps = Options.DEFAULT_SWEEP_KBPS.clone();
    double sweepSeconds = Options.DEFAULT_SWEEP_SECONDS;

    @Option(names = {"--help", "-h"}, usageHelp = true, order = 12, description = "this text")
    boolean help;

    int port = Options.DEFAULT_PORT;

    int maxClients = Options.DEFAULT_MAX_CLIENTS;

    @Option(names = "--scene", paramLabel = "NAME", order = 1,
        description = "cubes | pile | player                      (default " + Options.DEFAULT_SCENE + ")")
    void scene(final String value)
    {
        scene = oneOf("--scene", value, "cubes", "pile", "player");
    }

    @Option(names = "--seconds", paramLabel = "S", order = 2,
        description = "simulated seconds at 60 Hz, > 0            (default 20)")
    void seconds(final double value)
    {
        seconds = inRange("--seconds", value, 1.0 / 60, 24 * 3600, false);
    }

    @Option(names = "--latency-ms", paramLabel = "MS", order = 4,
        description = "ROUND-TRIP time; each direction gets MS/2  (default 100)")
    void rttMs(final double value)
    {
        rttMs = inRange("--latency-ms", value, 0, 10_000, true);
    }

    @Option(names = "--jitter-ms", paramLabel = "MS", order = 5,
        description = "random extra one-way delay, 0..MS          (default 10)")
    void jitterMs(final double value)
    {
        jitterMs = inRange("--jitter-ms", value, 0, 10_000, true);
    }

    @Option(names = "--loss", paramLabel = "F", order = 6,
        description = "FRACTION of datagrams lost per direction, 0..1 (0.05 = 5%%) (default 0.05)")
    void lossFraction(final double value)
    {
        lossFraction = inRange("--loss", value, 0, 1, true);
    }

    @Option(names = "--link", paramLabel = "NAME", order = 7,
        description = {
            "default | fiedler: a preset of the three above; fiedler is his delta demo's",
            "recording link, 5 ms each way, no jitter, no loss. Any of the three given",
            "explicitly overrides the preset                 (default default)"})
    void link(final String value)
    {
        link = oneOf("--link", value, Options.LINK_DEFAULT, Options.LINK_FIEDLER);
    }

    @Option(names = "--budget-kbps", paramLabel = "K", order = 8,
        description = {
            "priority accumulator budget incl. headers, " + (int)LinkBudget.MIN_KBPS + ".." + (int)LinkBudget.MAX_KBPS,
            "(default unlimited: every changed object every tick, payloads up to 15 KiB);",
            "engages the rate-distortion controller (see --rate-distortion)"})
    void budgetKbps(final double value)
    {
        budgetKbps = inRange("--budget-kbps", value, LinkBudget.MIN_KBPS, LinkBudget.MAX_KBPS, true);
    }

    String priority = Options.PRIORITY_ERROR;

    @Option(names = "--priority", paramLabel = "KIND", order = 18,
        description = {
            "error | fixed: under a budget, priority by the error the replica would show",
            "if the object were not sent (default), or Fiedler's fixed factors",
            "(player 1e6, changed 100, other 1)"})
    void priority(final String value)
    {
        priority = oneOf("--priority", value, Options.PRIORITY_ERROR, Options.PRIORITY_FIXED);
    }

    int sendIntervalTicks = Options.SEND_INTERVAL_AUTO;

    @Option(names = "--send-interval", paramLabel = "N", order = 19,
        description = {
            "auto | 1.." + Options.MAX_SEND_INTERVAL_TICKS + ": send a snapshot every N ticks; auto (default) lets the",
            "rate controller choose under a budget (every tick when unlimited)"})
    void sendInterval(final String value)
    {
        sendIntervalTicks = autoOrTicks("--send-interval", value, Options.SEND_INTERVAL_AUTO, 1, Options.MAX_SEND_INTERVAL_TICKS);
    }

    String quantization = Options.QUANTIZATION_AUTO;

    @Option(names = "--quantization", paramLabel = "KIND", order = 21,
        description = {
            "auto | coarse | fiedler: coarse: under a budget, the coarsest precision",
            "whose worst error is 0.6 of the error targets (snapshot schema, 3D);",
            "auto (default): coarse below " + (int)Options.AUTO_COARSE_BELOW_KBPS + " kbps; fiedler: the schema's own"})
    void quantization(final String value)
    {
        quantization = oneOf("--quantization", value, Options.QUANTIZATION_AUTO, Options.QUANTIZATION_COARSE,
            Options.QUANTIZATION_FIEDLER);
    }

    double targetPositionM = Options.DEFAULT_TARGET_POSITION_M;

    @Option(names = "--target-position-m", paramLabel = "M", order = 22,
        description = "position error target of coarse quantization, metres  (default 0.02)")
    void targetPositionM(final double value)
    {
        targetPositionM = inRange("--target-position-m", value, 0, 10, false);
    }

    double targetRotationDeg = Options.DEFAULT_TARGET_ROTATION_DEG;

    @Option(names = "--target-rotation-deg", paramLabel = "DEG", order = 23,
        description = "rotation error target of coarse quantization, degrees (default 2)")
    void targetRotationDeg(final double value)
    {
        targetRotationDeg = inRange("--target-rotation-deg", value, 0, 180, false);
    }

    double extrapolateMs = Options.DEFAULT_EXTRAPOLATE_MS;

    @Option(names = "--extrapolate-ms", paramLabel = "MS", order = 24,
        description = {"the replica's display continues a moving object past its newest state for at most this long,",
            "then holds (SnapshotDisplayConfig.maxExtrapolationNs); 0: never (default 150)"})
    void extrapolateMs(final double value)
    {
        extrapolateMs = inRange("--extrapolate-ms", value, 0, 1000, true);
    }

    int blendFromRestTicks = Options.BLEND_FROM_REST_AUTO;

    @Option(names = "--blend-from-rest-ticks", paramLabel = "N|auto", order = 24,
        description = {"the replica's display blends from a state at rest towards the next state at most N ticks later;",
            "longer, it holds the resting state (SnapshotDisplayConfig.maxBlendFromRestTicks); 0: never; auto (default):",
            Options.CORNER_BLEND_FROM_REST_TICKS + " with corner repeats (which resend a struck object's last tick at rest), else 0"})
    void blendFromRestTicks(final String value)
    {
        blendFromRestTicks = autoOrTicks("--blend-from-rest-ticks", value, Options.BLEND_FROM_REST_AUTO, 0, 120);
    }

    int displayDelayTicks;

    @Option(names = "--display-delay", paramLabel = "auto|N", order = 26,
        description = {"the replica's display delay: auto (default) follows the send interval it receives at,",
            "transit + (spare packets + 1) x interval (SnapshotDisplayDelay); N: fixed, ticks"})
    void displayDelay(final String value)
    {
        if ("auto".equals(value))
        {
            displayDelayTicks = 0;
            return;
        }
        try
        {
            final int n = Integer.parseInt(value);
            if (n >= 1 && n <= 120)
            {
                displayDelayTicks = n;
                return;
            }
        }
        catch (final NumberFormatException ignored)
        {
            // reported below
        }
        throw bad("--display-delay must be auto or 1..120, got '" + value + "'");
    }

    int sparePackets = dev.statesync.sync.snapshot.SnapshotDisplayDelayConfig.DEFAULT_SPARE_PACKETS;

    @Option(names = "--spare-packets", paramLabel = "K", order = 27,
        description = "lost packets in a row the automatic display delay rides out (default 1)")
    void sparePackets(final int value)
    {
        sparePackets = (int)inRange("--spare-packets", value, 0, 16, true);
    }

    int maxSendIntervalTicks = dev.statesync.sync.snapshot.SnapshotRateControlConfig.DEFAULT_MAX_SEND_INTERVAL_TICKS;

    @Option(names = "--max-send-interval", paramLabel = "N", order = 29,
        description = {"longest interval the automatic send rate chooses under a budget, 1.." +
            Options.MAX_SEND_INTERVAL_TICKS + " ticks (SnapshotRateControlConfig.maxSendIntervalTicks)"})
    void maxSendInterval(final int value)
    {
        maxSendIntervalTicks = (int)inRange("--max-send-interval", value, 1, Options.MAX_SEND_INTERVAL_TICKS, true);
    }

    int unackedRefTicks = Options.UNACKED_REFS_AUTO;

    @Option(names = "--unacked-refs", paramLabel = "N|auto", order = 30,
        description = {"a snapshot may delta against the previous one before its ack, if that one is at most N",
            "ticks old and named only acked baselines (SnapshotConfig.unackedReferenceMaxAgeTicks; 0: acked only;",
            "auto (default): " + Options.UNBUDGETED_UNACKED_REF_TICKS + " unbudgeted, 0 under a budget)"})
    void unackedRefs(final String value)
    {
        unackedRefTicks = autoOrTicks("--unacked-refs", value, Options.UNACKED_REFS_AUTO, 0, Options.MAX_UNACKED_REF_TICKS);
    }

    int unackedChainDepth = dev.statesync.codec.snapshot.SnapshotConfig.DEFAULT_UNACKED_REFERENCE_CHAIN_DEPTH;

    @Option(names = "--unacked-chain", paramLabel = "N", order = 31,
        description = {"with --unacked-refs: most unacked snapshots a snapshot may depend on in a chain (default 1:",
            "every other snapshot names acked baselines only; SnapshotConfig.unackedReferenceChainDepth)"})
    void unackedChain(final int value)
    {
        unackedChainDepth = (int)inRange("--unacked-chain", value, 1,
            dev.statesync.codec.snapshot.SnapshotConfig.MAX_UNACKED_REFERENCE_CHAIN_DEPTH, true);
    }

    int losslessChainDepth = Options.LOSSLESS_CHAIN_AUTO;

    @Option(names = "--unacked-chain-lossless", paramLabel = "N|auto", order = 31,
        description = {"the --unacked-chain depth once the sender has judged no packet lost for",
            "--unacked-lossless-after ticks (SnapshotConfig.unackedReferenceLosslessChainDepth; auto (default): " +
                Options.UNBUDGETED_LOSSLESS_CHAIN_DEPTH + " with",
            "unacked references on, else the --unacked-chain depth)"})
    void unackedChainLossless(final String value)
    {
        losslessChainDepth = autoOrTicks("--unacked-chain-lossless", value, Options.LOSSLESS_CHAIN_AUTO, 1,
            dev.statesync.codec.snapshot.SnapshotConfig.MAX_UNACKED_REFERENCE_CHAIN_DEPTH);
    }

    int losslessAfterTicks = dev.statesync.codec.snapshot.SnapshotConfig.DEFAULT_UNACKED_REFERENCE_LOSSLESS_AFTER_TICKS;

    @Option(names = "--unacked-lossless-after", paramLabel = "TICKS", order = 31,
        description = {"ticks of packets judged delivered, since the last judged lost, before --unacked-chain-lossless",
            "applies (SnapshotConfig.unackedReferenceLosslessAfterTicks; default " +
                dev.statesync.codec.snapshot.SnapshotConfig.DEFAULT_UNACKED_REFERENCE_LOSSLESS_AFTER_TICKS + ")"})
    void unackedLosslessAfter(final int value)
    {
        losslessAfterTicks = (int)inRange("--unacked-lossless-after", value, 1, 1_000_000, true);
    }

    int heldSnapshots = dev.statesync.sync.snapshot.SnapshotLinkConfig.DEFAULT_HELD_SNAPSHOT_SLOTS;

    @Option(names = "--held-snapshots", paramLabel = "N", order = 32,
        description = {"the replica's endpoint holds up to N snapshots refused for a reference not yet received and",
            "offers them again after the next applied one (SnapshotLinkConfig.heldSnapshotSlots; default " +
                dev.statesync.sync.snapshot.SnapshotLinkConfig.DEFAULT_HELD_SNAPSHOT_SLOTS + ", 0: off)"})
    void heldSnapshots(final int value)
    {
        heldSnapshots = (int)inRange("--held-snapshots", value, 0,
            dev.statesync.sync.reliable.ReliableConfig.MAX_HELD_PACKET_SLOTS, true);
    }

    int cornerRepeatTicks = Options.CORNER_REPEATS_AUTO;

    @Option(names = "--corner-repeats", paramLabel = "N|auto", order = 33,
        description = {"resend the corners of paths (strikes, bounces) the replica does not hold, as states up to N",
            "ticks old, chosen from the acks (SnapshotConfig.cornerRepeatMaxAgeTicks; 0: off; auto (default): " +
                Options.BUDGETED_CORNER_REPEAT_TICKS + " under a budget,",
            "off unbudgeted). On, --display-delay auto shows the replica N + transit ticks behind, so it can use them"})
    void cornerRepeats(final String value)
    {
        cornerRepeatTicks = autoOrTicks("--corner-repeats", value, Options.CORNER_REPEATS_AUTO, 0,
            dev.statesync.codec.snapshot.SnapshotConfig.MAX_CORNER_REPEAT_AGE_TICKS);
    }

    PredictorChoice predictor = PredictorChoice.RUNNER;

    @Option(names = "--predictor", paramLabel = "KIND", order = 34,
        description = {"runner | linear | hold: both ends' predictor. runner (default): per object the cheapest of the",
            "scene's alternatives; linear: linear extrapolation alone (snapshot schema); hold: plain deltas.",
            "Fewer alternatives cost more bits and less encode CPU (src/site/tuning.md, \"CPU-bound servers\")"})
    void predictor(final String value)
    {
        predictor = PredictorChoice.parse(oneOf("--predictor", value, "runner", "linear", "hold"));
    }

    boolean rangeCodingOff;

    @Option(names = "--range-coding", paramLabel = "on|off", order = 35,
        description = {"on (default): frames range-coded where smaller (SnapshotConfig.rangeCoded); off: bitpacked,",
            "about 1.7x the bits for a third of the decode CPU and two thirds of the encode CPU on the cubes run"})
    void rangeCoding(final String value)
    {
        rangeCodingOff = "off".equals(oneOf("--range-coding", value, "on", "off"));
    }

    double unackedLossWeight = dev.statesync.codec.priority.ErrorPriorityConfig.DEFAULT_UNACKED_LOSS_WEIGHT;

    @Option(names = "--unacked-loss-weight", paramLabel = "W", order = 28,
        description = {"error priority doubts an unacked send in flight with W x the link's loss",
            "(ErrorPriorityConfig.unackedLossWeight; 0: trusted until its ack is overdue)"})
    void unackedLossWeight(final double value)
    {
        unackedLossWeight = inRange("--unacked-loss-weight", value, 0, 100, true);
    }

    boolean displayGroundOff;

    @Option(names = "--display-ground", paramLabel = "on|off", order = 25,
        description = {"on (default): in 3D the replica's display extrapolates a falling cube",
            "only down to half its side above the ground (SnapshotDisplayConfig.groundPlane);",
            "off: straight on, into the floor"})
    void displayGround(final String value)
    {
        displayGroundOff = "off".equals(oneOf("--display-ground", value, "on", "off"));
    }

    boolean mirrorDisplay;

    @Option(names = "--mirror-display", paramLabel = "on|off", order = 25,
        description = {"on: error priority expects the replica's display to extrapolate as it does",
            "(ErrorPriorityConfig.displayExtrapolation); off (default): expects it to hold"})
    void mirrorDisplay(final String value)
    {
        mirrorDisplay = "on".equals(oneOf("--mirror-display", value, "on", "off"));
    }

    @Option(names = "--rate-distortion", paramLabel = "on|off", order = 20,
        description = {
            "off: a budget is spent as before the rate-distortion controller",
            "(--priority fixed --send-interval 1 --quantization fiedler);",
            "on (default): those three as given"})
    void rateDistortion(final String value)
    {
        rateDistortionOff = "off".equals(oneOf("--rate-distortion", value, "on", "off"));
    }

    boolean rateDistortionOff;

    @Option(names = "--json", paramLabel = "FILE", order = 10,
        description = "write the report as JSON (see src/site/report-schema.md)")
    void jsonFile(final String value)
    {
        jsonFile = fileName("--json", value);
    }

    @Option(names = "--html", paramLabel = "FILE", order = 11,
        description = "write a self-contained HTML report with plots")
    void htmlFile(final String value)
    {
        htmlFile = fileName("--html", value);
    }

    @Option(names = "--sweep-kbps", paramLabel = "LIST", order = 16, description = {
        "budgets of --sweep: kbps or 'unlimited', comma-separated",
        "(default unlimited,512,384,256,192,128)"})
    void sweepKbps(final String value)
    {
        final String[] parts = value.split(",", -1);
        final double[] kbps = new double[parts.length];
        for (int i = 0; i < parts.length; i++)
        {
            final String part = parts[i].strip();
            if ("unlimited".equals(part))
            {
                continue;
            }
            try
            {
                kbps[i] = inRange("--sweep-kbps", Double.parseDouble(part), LinkBudget.MIN_KBPS, LinkBudget.MAX_KBPS, true);
            }
            catch (final NumberFormatException ex)
            {
                throw bad("--sweep-kbps needs kbps or 'unlimited', comma-separated, got '" + value + "'");
            }
        }
        sweepKbps = kbps;
    }

    @Option(names = "--sweep-seconds", paramLabel = "S", order = 17,
        description = "simulated seconds of each --sweep run, > 0       (default " + (int)Options.DEFAULT_SWEEP_SECONDS + ")")
    void sweepSeconds(final double value)
    {
        sweepSeconds = inRange("--sweep-seconds", value, 1.0 / 60, 24 * 3600, false);
    }

    @Option(names = "--port", paramLabel = "N", order = 13,
        description = "UDP port of server and client, 1..65535   (default " + Options.DEFAULT_PORT + ")")
    void port(final int value)
    {
        if (value < 1 || value > 65_535)
        {
            throw bad("--port must be in [1, 65535], got '" + value + "'");
        }
        port = value;
    }

    @Option(names = "--max-clients", paramLabel = "N", order = 14,
        description = "client slots of the server, 1..1024        (default " + Options.DEFAULT_MAX_CLIENTS + ")")
    void maxClients(final int value)
    {
        if (value < 1 || value > 1024)
        {
            throw bad("--max-clients must be in [1, 1024], got '" + value + "'");
        }
        maxClients = value;
    }

    /**
     * The checks that span the command line: {@code server} and {@code client} only as the first word (so an
     * option value can never be taken for a command).
     *
     * @param args the command line as given.
     */
    void validate(final String... args)
    {
        if (rateDistortionOff)
        {
            priority = Options.PRIORITY_FIXED;
            sendIntervalTicks = 1;
            quantization = Options.QUANTIZATION_FIEDLER;
        }
        final SchemaKind runSchema = schema != null ? schema : SchemaKind.defaultFor(scene);
        if (!predictor.fits(runSchema))
        {
            throw bad("--predictor " + predictor.text() + " needs the snapshot schema, the run's is " +
                runSchema.name().toLowerCase(java.util.Locale.ROOT));
        }
        if (command != null)
        {
            if (!Options.COMMAND_SERVER.equals(command) && !Options.COMMAND_CLIENT.equals(command))
            {
                throw bad("unexpected argument '" + command + "' (try --help)");
            }
            if (!command.equals(args[0]))
            {
                throw bad(command + " must come first, before the options (try --help)");
            }
        }
    }

    private String oneOf(final String option, final String value, final String... allowed)
    {
        for (final String candidate : allowed)
        {
            if (candidate.equals(value))
            {
                return value;
            }
        }
        throw bad(option + " must be one of " + String.join(", ", allowed) + ", got '" + value + "'");
    }

    /** @return {@code auto} for "auto", else {@code value} as ticks in {@code min..max}. */
    private int autoOrTicks(final String option, final String value, final int auto, final int min, final int max)
    {
        if ("auto".equals(value))
        {
            return auto;
        }
        try
        {
            final int n = Integer.parseInt(value);
            if (n >= min && n <= max)
            {
                return n;
            }
        }
        catch (final NumberFormatException ignored)
        {
            // reported below
        }
        throw bad(option + " must be auto or " + min + ".." + max + ", got '" + value + "'");
    }

    private double inRange(
        final String option, final double value, final double min, final double max, final boolean minInclusive)
    {
        if (!(minInclusive ? value >= min : value > min) || !(value <= max))
        {
            throw bad(option + " must be in " + (minInclusive ? "[" : "(") + min + ", " + max + "], got '" + value + "'");
        }
        return value;
    }

    private String fileName(final String option, final String value)
    {
        if (value.isEmpty() || value.startsWith("--"))
        {
            throw bad(option + " needs a file name, got '" + value + "'");
        }
        return value;
    }

    private ParameterException bad(final String message)
    {
        return new ParameterException(spec.commandLine(), message);
    }
}
