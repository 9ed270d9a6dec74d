package dev.statesync.bench.runner;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

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
    /** Budgets of a {@code --sweep}, kbps; 0 = unlimited. */
    static final double[] DEFAULT_SWEEP_KBPS = { 0, 512, 384, 256, 192, 128 };
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
    }

    /** A copy of {@code base} with another budget and length, for one run of a sweep (no reports, no sweep). */
    private Options(final Options base, final double budgetKbps, final double seconds)
    {
        help = false;
        command = COMMAND_RUN;
        port = base.port;
        maxClients = base.maxClients;
        scene = base.scene;
        this.seconds = seconds;
        seed = base.seed;
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

    /** @return simulated seconds of each {@code --sweep} run. */
    public double sweepSeconds()
    {
        return sweepSeconds;
    }
}
