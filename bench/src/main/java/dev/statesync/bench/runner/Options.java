package dev.statesync.bench.runner;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.priority.ErrorPriorityConfig;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.sync.snapshot.SnapshotDisplayConfig;
import dev.statesync.sync.snapshot.SnapshotRateControlConfig;

/**
 * The scenario runner's command line, parsed and validated. Immutable.
 *
 * <p>Network figures follow how people quote them: {@code --latency-ms} is the round-trip time (the
 * simulator delays each direction by half of it), {@code --jitter-ms} is added at random to each one-way
 * delay, {@code --loss} is a fraction of datagrams dropped in each direction. {@code --link fiedler} sets all
 * three to the link of Fiedler's own measurements, so the reference stage can be read at his conditions with
 * one flag; an explicit figure still wins over the preset, in any order.
 */
public final class Options
{
    /** Default scene. */
    public static final String DEFAULT_SCENE = "cubes";
    /** Default simulated seconds. */
    public static final double DEFAULT_SECONDS = 20.0;
    /** Default seed of the network simulator. */
    public static final long DEFAULT_SEED = 0x5EEDL;
    /** Default round-trip time, ms (50 ms each way). */
    public static final double DEFAULT_RTT_MS = 100.0;
    /** Default one-way jitter, ms. */
    public static final double DEFAULT_JITTER_MS = 10.0;
    /** Default loss fraction per direction. */
    public static final double DEFAULT_LOSS_FRACTION = 0.05;

    /** Link preset: the defaults above. */
    public static final String LINK_DEFAULT = "default";
    /**
     * Link preset: Fiedler's delta demo link as he recorded it (DeltaDemo.cpp, {@code DeltaModeData}: latency
     * 5 ms each way, and for recording no jitter and no loss): 10 ms round trip, 0 jitter, 0 loss.
     */
    public static final String LINK_FIEDLER = "fiedler";
    /** Round-trip time of {@link #LINK_FIEDLER}, ms (5 ms each way). */
    public static final double FIEDLER_RTT_MS = 10.0;

    /** Default UDP port of the server and client subcommands. */
    public static final int DEFAULT_PORT = 40_600;
    /** Simulated seconds of each run of a {@code --sweep}: half the default run (past the quiet start), so six budgets cost about three runs. */
    public static final double DEFAULT_SWEEP_SECONDS = 10.0;
    /** Most errors {@code --largest-errors} lists. */
    public static final int MAX_LARGEST_ERRORS = 1000;
    /** Most runs of {@code --seeds}: at about 3 s a default-length run, 64 seeds take about three minutes. */
    public static final int MAX_SEED_RUNS = 64;
    /** Budgets of a {@code --sweep}, kbps; 0 = unlimited. */
    static final double[] DEFAULT_SWEEP_KBPS = { 0, 512, 384, 256, 192, 128 };
    /** {@code --priority error}: priority by the error an unsent object shows (ErrorPriorityPolicy). */
    public static final String PRIORITY_ERROR = "error";
    /** {@code --priority fixed}: Fiedler's fixed factors, player 1e6, changed 100, others 1. */
    public static final String PRIORITY_FIXED = "fixed";
    /** {@code --send-interval auto}: the rate controller chooses under a budget; every tick when unlimited. */
    public static final int SEND_INTERVAL_AUTO = 0;
    /** Longest send interval, ticks: the display interpolates across at most 8 ticks. */
    public static final int MAX_SEND_INTERVAL_TICKS = 4;
    /** {@code --blend-from-rest-ticks auto} (the default): {@link #CORNER_BLEND_FROM_REST_TICKS} with corner repeats. */
    public static final int BLEND_FROM_REST_AUTO = -1;
    /**
     * {@code --blend-from-rest-ticks auto} with corner repeats on: they resend a struck cube's last tick at rest, and
     * the display must blend from it to the next state, a few ticks later or more after a lost packet. Measured on the
     * cubes run at 128 kbps, 14 seeds (results.md, "Corner repeats"): 8 left two seeds at 0.14 m and 0.10 m (a
     * resting state 9 ticks before the next after two lost packets, held); 12 and 16 one at 0.10 m, 12 with p99 lower.
     */
    public static final int CORNER_BLEND_FROM_REST_TICKS = 12;
    /** {@code --corner-repeats auto} (the default): {@link #BUDGETED_CORNER_REPEAT_TICKS} under a budget, off without. */
    public static final int CORNER_REPEATS_AUTO = -1;
    /**
     * {@code --corner-repeats auto} under a budget: corners up to 20 ticks old are resent, and the display delay is
     * 20 ticks plus the transit (24 ticks, 400 ms, at the default link). Measured on the cubes run at 128 kbps
     * (results.md, "Corner repeats"): 20 held the largest error under 10 cm on 13 seeds of 14 (0.105 m on the
     * other); at 12 and 16 (16 and 20 ticks of delay) it was 0.08-0.30 m, over 10 cm on three or four seeds of six.
     */
    public static final int BUDGETED_CORNER_REPEAT_TICKS = 20;
    /** {@code --unacked-refs auto} (the default): {@link #UNBUDGETED_UNACKED_REF_TICKS} unbudgeted, 0 under a budget. */
    public static final int UNACKED_REFS_AUTO = -1;
    /**
     * {@code --unacked-chain-lossless auto} (the default): {@link #UNBUDGETED_LOSSLESS_CHAIN_DEPTH} while unacked
     * references are on, else the {@code --unacked-chain} depth (no change).
     */
    public static final int LOSSLESS_CHAIN_AUTO = -1;
    /**
     * The chain depth auto allows after a clean spell: 3. On the cube run without loss 2, 3, 4 and 6 gave 0.400, 0.379,
     * 0.367 and 0.352x fiedler-2015 with a fixed chain; each step deeper makes the first loss after a clean spell
     * take down one more packet, and at 0.3% loss a fixed chain of 3 already showed 0.127 m where 1 showed 0.079 m
     * (results.md, "A deeper chain while nothing is lost").
     */
    public static final int UNBUDGETED_LOSSLESS_CHAIN_DEPTH = 3;
    /**
     * {@code --unacked-refs auto} without a budget: the previous snapshot may serve as a baseline up to this many
     * ticks old before its ack. Under a budget auto is 0: there the saved bits bought no fidelity and the refusals
     * cost some (results.md, "Unacked references").
     */
    public static final int UNBUDGETED_UNACKED_REF_TICKS = 1;
    /** Largest {@code --unacked-refs}: two of the longest send intervals. */
    public static final int MAX_UNACKED_REF_TICKS = 2 * MAX_SEND_INTERVAL_TICKS;
    /** {@code --quantization auto}: {@link #QUANTIZATION_COARSE} below {@link #AUTO_COARSE_BELOW_KBPS}, else Fiedler's. */
    public static final String QUANTIZATION_AUTO = "auto";
    /** {@code --quantization coarse}: under a budget, the coarsest the error targets allow (QuantizationForError). */
    public static final String QUANTIZATION_COARSE = "coarse";
    /**
     * Budget below which {@code --quantization auto} coarsens: 224 kbps, 85% of the 265 kbps the default cubes run
     * needs unbudgeted, where a budget starts to bind at Fiedler's precision. Measured (results.md, "Rate-distortion
     * under a budget"): at 256 kbps Fiedler's precision gave position p99 3.2 mm and rotation p99 0.36 degrees
     * against 5.8 mm and 0.58 coarse; at 192 and 128 kbps coarse gave the lower p99s.
     */
    public static final double AUTO_COARSE_BELOW_KBPS = 224;
    /** {@code --quantization fiedler}: the schema preset's precision whatever the budget. */
    public static final String QUANTIZATION_FIEDLER = "fiedler";
    /** Default {@code --target-position-m}: the displayed position error a budget is spent to stay under, metres. */
    public static final double DEFAULT_TARGET_POSITION_M = 0.02;
    /** Default {@code --target-rotation-deg}: the displayed rotation error a budget is spent to stay under, degrees. */
    public static final double DEFAULT_TARGET_ROTATION_DEG = 2.0;
    /**
     * Default {@code --extrapolate-ms}: how long the replica's display continues a moving object past its newest
     * state (see {@code SnapshotDisplay}), ms.
     */
    public static final double DEFAULT_EXTRAPOLATE_MS =
        dev.statesync.sync.snapshot.SnapshotDisplayConfig.DEFAULT_MAX_EXTRAPOLATION_NS / 1e6;
    /** Default client slots of the server subcommand. */
    public static final int DEFAULT_MAX_CLIENTS = 8;
    /** The simulated run (no subcommand). */
    public static final String COMMAND_RUN = "run";
    /** The real-UDP authority. */
    public static final String COMMAND_SERVER = "server";
    /** The real-UDP replica. */
    public static final String COMMAND_CLIENT = "client";

    private final boolean help;
    private final String command;
    private final int port;
    private final int maxClients;
    private final String scene;
    private final double seconds;
    private final long seed;
    private final double rttMs;
    private final double jitterMs;
    private final double lossFraction;
    private final String link;
    private final double budgetKbps;
    private final SchemaKind schema;
    private final String jsonFile;
    private final String htmlFile;
    private final boolean sweep;
    private final double[] sweepKbps;
    private final double sweepSeconds;
    private final String priority;
    private final int sendIntervalTicks;
    private final String quantization;
    private final boolean sweepCompare;
    private final int seedRuns;
    private final int largestErrors;
    private final double targetPositionM;
    private final double targetRotationDeg;
    private final double extrapolateMs;
    private final int blendFromRestTicks;
    private final boolean mirrorDisplay;
    private final boolean displayGround;
    private final int displayDelayTicks;
    private final int sparePackets;
    private final double unackedLossWeight;
    private final int maxSendIntervalTicks;
    private final int unackedRefTicks;
    private final int unackedChainDepth;
    private final int losslessChainDepth;
    private final int losslessAfterTicks;
    private final int heldSnapshots;
    private final int cornerRepeatTicks;
    private final PredictorChoice predictor;
    private final boolean rangeCoded;

    private Options(final CommandLineOptions c)
    {
        help = c.help;
        command = c.command != null ? c.command : COMMAND_RUN;
        port = c.port;
        maxClients = c.maxClients;
        scene = c.scene;
        seconds = c.seconds;
        seed = c.seed;
        link = c.link;
        final boolean fiedlerLink = LINK_FIEDLER.equals(c.link);
        rttMs = c.rttMs != null ? c.rttMs : fiedlerLink ? FIEDLER_RTT_MS : DEFAULT_RTT_MS;
        jitterMs = c.jitterMs != null ? c.jitterMs : fiedlerLink ? 0.0 : DEFAULT_JITTER_MS;
        lossFraction = c.lossFraction != null ? c.lossFraction : fiedlerLink ? 0.0 : DEFAULT_LOSS_FRACTION;
        budgetKbps = c.budgetKbps;
        schema = c.schema != null ? c.schema : SchemaKind.defaultFor(c.scene);
        jsonFile = c.jsonFile;
        htmlFile = c.htmlFile;
        sweep = c.sweep;
        sweepKbps = c.sweepKbps.clone();
        sweepSeconds = c.sweepSeconds;
        priority = c.priority;
        sendIntervalTicks = c.sendIntervalTicks;
        quantization = c.quantization;
        sweepCompare = c.sweepCompare;
        seedRuns = c.seedRuns;
        largestErrors = c.largestErrors;
        targetPositionM = c.targetPositionM;
        targetRotationDeg = c.targetRotationDeg;
        extrapolateMs = c.extrapolateMs;
        blendFromRestTicks = c.blendFromRestTicks;
        mirrorDisplay = c.mirrorDisplay;
        displayGround = !c.displayGroundOff;
        displayDelayTicks = c.displayDelayTicks;
        sparePackets = c.sparePackets;
        unackedLossWeight = c.unackedLossWeight;
        maxSendIntervalTicks = c.maxSendIntervalTicks;
        unackedRefTicks = c.unackedRefTicks;
        unackedChainDepth = c.unackedChainDepth;
        losslessChainDepth = c.losslessChainDepth;
        losslessAfterTicks = c.losslessAfterTicks;
        heldSnapshots = c.heldSnapshots;
        cornerRepeatTicks = c.cornerRepeatTicks;
        predictor = c.predictor;
        rangeCoded = !c.rangeCodingOff;
    }

    /** A copy of {@code base} with another budget and length, for one run of a sweep (no reports, no sweep). */
    private Options(final Options base, final double budgetKbps, final double seconds)
    {
        this(base, budgetKbps, seconds, base.priority, base.sendIntervalTicks, base.quantization, base.seed);
    }

    private Options(
        final Options base, final double budgetKbps, final double seconds, final String priority,
        final int sendIntervalTicks, final String quantization, final long seed)
    {
        help = false;
        command = COMMAND_RUN;
        port = base.port;
        maxClients = base.maxClients;
        scene = base.scene;
        this.seconds = seconds;
        this.seed = seed;
        link = base.link;
        rttMs = base.rttMs;
        jitterMs = base.jitterMs;
        lossFraction = base.lossFraction;
        this.budgetKbps = budgetKbps;
        schema = base.schema;
        jsonFile = null;
        htmlFile = null;
        sweep = false;
        sweepKbps = base.sweepKbps;
        sweepSeconds = base.sweepSeconds;
        this.priority = priority;
        this.sendIntervalTicks = sendIntervalTicks;
        this.quantization = quantization;
        sweepCompare = false;
        seedRuns = 0;
        largestErrors = 0;
        targetPositionM = base.targetPositionM;
        targetRotationDeg = base.targetRotationDeg;
        extrapolateMs = base.extrapolateMs;
        blendFromRestTicks = base.blendFromRestTicks;
        mirrorDisplay = base.mirrorDisplay;
        displayGround = base.displayGround;
        displayDelayTicks = base.displayDelayTicks;
        sparePackets = base.sparePackets;
        unackedLossWeight = base.unackedLossWeight;
        maxSendIntervalTicks = base.maxSendIntervalTicks;
        unackedRefTicks = base.unackedRefTicks;
        unackedChainDepth = base.unackedChainDepth;
        losslessChainDepth = base.losslessChainDepth;
        losslessAfterTicks = base.losslessAfterTicks;
        heldSnapshots = base.heldSnapshots;
        cornerRepeatTicks = base.cornerRepeatTicks;
        predictor = base.predictor;
        rangeCoded = base.rangeCoded;
    }

    /**
     * @param kbps    the budget, or 0 for unlimited.
     * @param seconds simulated seconds.
     * @return these options as one run of a sweep: that budget and length, no reports, no sweep.
     */
    public Options withBudget(final double kbps, final double seconds)
    {
        return new Options(this, kbps, seconds);
    }

    /**
     * @param kbps    the budget, or 0 for unlimited.
     * @param seconds simulated seconds.
     * @return {@link #withBudget} as the budget worked before the rate-distortion controller: fixed priority
     *         factors, a snapshot every tick, the preset's quantization.
     */
    public Options withBudgetFixedFactors(final double kbps, final double seconds)
    {
        return new Options(this, kbps, seconds, PRIORITY_FIXED, 1, QUANTIZATION_FIEDLER, seed);
    }

    /**
     * @param otherSeed the network simulator's seed.
     * @return these options as one run of {@code --seeds}: that seed, everything else as given, no reports, no
     *         sweep and no further seeds.
     */
    public Options withSeed(final long otherSeed)
    {
        return new Options(this, budgetKbps, seconds, priority, sendIntervalTicks, quantization, otherSeed);
    }

    /** @return the defaults (the command with no arguments). */
    public static Options defaults()
    {
        return parse();
    }

    /**
     * Parse a command line (picocli, declared by {@link CommandLineOptions}).
     *
     * @throws IllegalArgumentException with a one-line message naming the bad option.
     */
    public static Options parse(final String... args)
    {
        final CommandLineOptions declared = new CommandLineOptions();
        try
        {
            new CommandLine(declared).parseArgs(args);
            declared.validate(args);
        }
        catch (final ParameterException ex)
        {
            throw new IllegalArgumentException(ex.getMessage(), ex);
        }
        return new Options(declared);
    }

    /** @return the {@code --help} text. */
    public static String usage()
    {
        return new CommandLine(new CommandLineOptions()).getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing();
    }

    /** @return true if {@code --help} was given. */
    public boolean help()
    {
        return help;
    }

    /** @return {@link #COMMAND_RUN}, {@link #COMMAND_SERVER} or {@link #COMMAND_CLIENT}. */
    public String command()
    {
        return command;
    }

    /** @return the UDP port of the server and client subcommands. */
    public int port()
    {
        return port;
    }

    /** @return client slots of the server subcommand. */
    public int maxClients()
    {
        return maxClients;
    }

    /** @return the scene name. */
    public String scene()
    {
        return scene;
    }

    /** @return simulated seconds. */
    public double seconds()
    {
        return seconds;
    }

    /** @return ticks to run: seconds at {@link dev.statesync.bench.scene.Scene#TICK_RATE_HZ}, at least 1. */
    public int ticks()
    {
        return Math.max(1, (int)Math.round(seconds * dev.statesync.bench.scene.Scene.TICK_RATE_HZ));
    }

    /** @return the network simulator seed. */
    public long seed()
    {
        return seed;
    }

    /** @return round-trip time, ms. */
    public double rttMs()
    {
        return rttMs;
    }

    /** @return one-way latency, ms: half the round trip. */
    public double oneWayLatencyMs()
    {
        return rttMs / 2;
    }

    /** @return one-way jitter, ms. */
    public double jitterMs()
    {
        return jitterMs;
    }

    /** @return fraction of datagrams lost per direction. */
    public double lossFraction()
    {
        return lossFraction;
    }

    /** @return the link preset the network figures started from ({@link #LINK_DEFAULT} or {@link #LINK_FIEDLER}). */
    public String link()
    {
        return link;
    }

    /** @return the budget in kbps, or 0 for unlimited (no priority accumulator). */
    public double budgetKbps()
    {
        return budgetKbps;
    }

    /** @return true if a budget was set. */
    public boolean budgeted()
    {
        return budgetKbps > 0;
    }

    /** @return the schema kind (the scene's default unless given). */
    public SchemaKind schema()
    {
        return schema;
    }

    /** @return the JSON report file, or null. */
    public String jsonFile()
    {
        return jsonFile;
    }

    /** @return the HTML report file, or null. */
    public String htmlFile()
    {
        return htmlFile;
    }

    /** @return true if {@code --sweep} was given. */
    public boolean sweep()
    {
        return sweep;
    }

    /** @return the budgets of {@code --sweep}, kbps, in the order given; 0 = unlimited. */
    public double[] sweepKbps()
    {
        return sweepKbps.clone();
    }

    /** @return {@link #PRIORITY_ERROR} or {@link #PRIORITY_FIXED}: how a budgeted run prioritises objects. */
    public String priority()
    {
        return priority;
    }

    /**
     * @return true when a budgeted run spends its budget other than as before the rate-distortion controller: any
     *         of error priority, a send interval other than every tick, coarser quantization.
     */
    public boolean rateDistortionEngaged()
    {
        return budgeted() && (PRIORITY_ERROR.equals(priority) || sendIntervalTicks != 1 || coarseQuantization());
    }

    /** @return {@code --largest-errors}: how many of the largest displayed errors the run explains; 0: none. */
    public int largestErrors()
    {
        return largestErrors;
    }

    /** @return {@code --seeds}: how many more runs, with seeds 1..N, follow the run; 0: none. */
    public int seedRuns()
    {
        return seedRuns;
    }

    /** @return true if {@code --sweep-compare} was given: each sweep budget also run with the controller off. */
    public boolean sweepCompare()
    {
        return sweepCompare;
    }

    /** @return true when a budgeted run prioritises by expected error ({@code --priority error}). */
    public boolean errorPriority()
    {
        return budgeted() && PRIORITY_ERROR.equals(priority);
    }

    /** @return {@link #QUANTIZATION_AUTO}, {@link #QUANTIZATION_COARSE} or {@link #QUANTIZATION_FIEDLER}. */
    public String quantization()
    {
        return quantization;
    }

    /** @return the displayed position error a budget is spent to stay under, metres. */
    public double targetPositionM()
    {
        return targetPositionM;
    }

    /** @return the displayed rotation error a budget is spent to stay under, degrees. */
    public double targetRotationDeg()
    {
        return targetRotationDeg;
    }

    /**
     * @return true (the default, {@code --display-ground on}) if the replica's display extrapolates no 3D object into
     * the scene's ground plane ({@code SnapshotDisplayConfig.groundPlane}).
     */
    public boolean displayGround()
    {
        return displayGround;
    }

    /** @return true if error priority expects the replica's display to extrapolate as it does. */
    public boolean mirrorDisplay()
    {
        return mirrorDisplay;
    }

    /**
     * @return the replica's display delay fixed in ticks ({@code --display-delay N}), or 0 for the library's rule
     *         ({@code SnapshotDisplayDelay}: transit plus {@link #sparePackets}{@code  + 1} measured send intervals).
     */
    public int displayDelayTicks()
    {
        return displayDelayTicks;
    }

    /** @return lost packets in a row the display delay rides out ({@code --spare-packets}). */
    public int sparePackets()
    {
        return sparePackets;
    }

    /** @return the longest interval the automatic send rate chooses, ticks ({@code --max-send-interval}). */
    public int maxSendIntervalTicks()
    {
        return maxSendIntervalTicks;
    }

    /** @return the predictor both ends use ({@code --predictor}; the runner's cheapest-of by default). */
    public PredictorChoice predictor()
    {
        return predictor;
    }

    /** @return true if frames are range-coded where smaller ({@code --range-coding}, on by default). */
    public boolean rangeCoded()
    {
        return rangeCoded;
    }

    /**
     * @return the snapshot config both ends of the run's link use: range-coded unless {@code --range-coding off},
     * and the sender's unacked reference ({@code --unacked-refs}, {@code --unacked-chain},
     * {@code --unacked-chain-lossless}, {@code --unacked-lossless-after}).
     */
    public SnapshotConfig snapshotConfig()
    {
        return new SnapshotConfig().rangeCoded(rangeCoded).unackedReferenceMaxAgeTicks(unackedRefTicks())
            .unackedReferenceChainDepth(unackedChainDepth).unackedReferenceLosslessChainDepth(losslessChainDepth())
            .unackedReferenceLosslessAfterTicks(losslessAfterTicks).cornerRepeatMaxAgeTicks(cornerRepeatTicks());
    }

    /**
     * @return the chain depth the sender may use after a clean spell ({@code --unacked-chain-lossless}; auto:
     * {@link #UNBUDGETED_LOSSLESS_CHAIN_DEPTH} while unacked references are on, else {@code --unacked-chain}).
     */
    public int losslessChainDepth()
    {
        if (losslessChainDepth != LOSSLESS_CHAIN_AUTO)
        {
            return losslessChainDepth;
        }
        return unackedRefTicks() > 0 ? Math.max(unackedChainDepth, UNBUDGETED_LOSSLESS_CHAIN_DEPTH) : unackedChainDepth;
    }

    /**
     * @return the oldest corner the sender resends, ticks ({@code --corner-repeats}; auto:
     *         {@link #BUDGETED_CORNER_REPEAT_TICKS} under a budget), 0 for off.
     */
    public int cornerRepeatTicks()
    {
        if (cornerRepeatTicks != CORNER_REPEATS_AUTO)
        {
            return cornerRepeatTicks;
        }
        return budgeted() ? BUDGETED_CORNER_REPEAT_TICKS : 0;
    }

    /** @return snapshots the replica's endpoint holds for a second offer ({@code --held-snapshots}). */
    public int heldSnapshots()
    {
        return heldSnapshots;
    }

    /** @return how old the previous, unacked snapshot may be to serve as a baseline, ticks ({@code --unacked-refs}). */
    public int unackedRefTicks()
    {
        if (unackedRefTicks != UNACKED_REFS_AUTO)
        {
            return unackedRefTicks;
        }
        return budgeted() ? 0 : UNBUDGETED_UNACKED_REF_TICKS;
    }

    /** @return how much error priority doubts an unacked send in flight ({@code --unacked-loss-weight}). */
    public double unackedLossWeight()
    {
        return unackedLossWeight;
    }

    /** @return how long the replica's display extrapolates a starved moving object, ms (0: never). */
    public double extrapolateMs()
    {
        return extrapolateMs;
    }

    /**
     * @return the longest gap, ticks, the replica's display blends across from a state at rest
     *         ({@code --blend-from-rest-ticks}; 0: holds a resting state until the next one; auto:
     *         {@link #CORNER_BLEND_FROM_REST_TICKS} with corner repeats, else 0).
     */
    public int blendFromRestTicks()
    {
        if (blendFromRestTicks != BLEND_FROM_REST_AUTO)
        {
            return blendFromRestTicks;
        }
        return cornerRepeatTicks() > 0 ? CORNER_BLEND_FROM_REST_TICKS : 0;
    }

    /**
     * @return true when this run's quantization is chosen from the error targets: under a budget,
     *         {@code --quantization coarse}, or {@code auto} below {@link #AUTO_COARSE_BELOW_KBPS} (the schema decides
     *         whether it can be made coarser, see SchemaKind).
     */
    public boolean coarseQuantization()
    {
        return budgeted() && (QUANTIZATION_COARSE.equals(quantization) ||
            QUANTIZATION_AUTO.equals(quantization) && budgetKbps < AUTO_COARSE_BELOW_KBPS);
    }

    /**
     * How this run spends its budget, for the library's {@code SnapshotRateControl}: the simulated runner and the
     * {@code server} subcommand both build their controls from this. Error priority trusts a sent state for the
     * link's round trip plus twice its jitter and two ticks (after that the replica most likely lost it and shows
     * the acked one); unbudgeted, only a fixed send interval applies.
     *
     * @return a new config.
     */
    public SnapshotRateControlConfig rateControl()
    {
        final double tickMs = 1000.0 / Scene.TICK_RATE_HZ;
        return new SnapshotRateControlConfig()
            .budgetBitsPerSecond(budgeted() ? budgetKbps * 1000.0 : 0)
            .tickRateHz(Scene.TICK_RATE_HZ)
            .maxPayloadBytes(LinkBudget.UNLIMITED_PAYLOAD_BYTES)
            .errorPriority(PRIORITY_ERROR.equals(priority))
            .errorPriorityConfig(errorPriorityConfig(tickMs))
            .sendIntervalTicks(sendIntervalTicks == SEND_INTERVAL_AUTO ?
                SnapshotRateControlConfig.SEND_INTERVAL_AUTO : sendIntervalTicks)
            .maxSendIntervalTicks(maxSendIntervalTicks);
    }

    /**
     * The error policy's settings: a sent state is trusted for the round trip plus twice the jitter and two ticks
     * (after that the replica most likely lost it and shows the acked one), the link's configured figures until the
     * reliability layer has measured them ({@code SnapshotRateControlConfig.inFlightFromRoundTrip}); with {@code --mirror-display on}, the
     * replica is expected to extrapolate as its {@code SnapshotDisplay} does (measured no better over six seeds,
     * results.md, so off by default).
     */
    private ErrorPriorityConfig errorPriorityConfig(final double tickMs)
    {
        final ErrorPriorityConfig config = new ErrorPriorityConfig()
            .inFlightTicks(new SnapshotRateControlConfig().tickRateHz(Scene.TICK_RATE_HZ).inFlightTicks(rttMs, jitterMs))
            .unackedLossWeight(unackedLossWeight);
        if (mirrorDisplay() && extrapolateMs() > 0)
        {
            config.displayExtrapolation(extrapolateMs() / tickMs,
                SnapshotDisplayConfig.DEFAULT_MIN_EXTRAPOLATION_SPEED_MPS * tickMs / 1000,
                SnapshotDisplayConfig.DEFAULT_MAX_VELOCITY_SPAN_TICKS);
        }
        return config;
    }

    /** @return the fixed send interval in ticks, or {@link #SEND_INTERVAL_AUTO}. */
    public int sendIntervalTicks()
    {
        return sendIntervalTicks;
    }

    /** @return simulated seconds of each {@code --sweep} run. */
    public double sweepSeconds()
    {
        return sweepSeconds;
    }
}
