package dev.statesync.bench.runner;

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
    /** Default client slots of the server subcommand. */
    public static final int DEFAULT_MAX_CLIENTS = 8;
    /** The simulated run (no subcommand). */
    public static final String COMMAND_RUN = "run";
    /** The real-UDP authority. */
    public static final String COMMAND_SERVER = "server";
    /** The real-UDP replica. */
    public static final String COMMAND_CLIENT = "client";

    /** Shown by {@code --help}. */
    public static final String USAGE = String.join(System.lineSeparator(),
        "usage: java -jar statesync-bench.jar [server | client] [options]",
        "",
        "Runs a physics scene through an authority and a replica connected by a simulated network,",
        "prints the bandwidth of each compression stage, fidelity and link figures, and writes reports.",
        "",
        "  --scene NAME        cubes | pile | player                      (default cubes)",
        "  --seconds S         simulated seconds at 60 Hz, > 0            (default 20)",
        "  --seed N            network simulator seed (long)              (default " + DEFAULT_SEED + ")",
        "  --latency-ms MS     ROUND-TRIP time; each direction gets MS/2  (default 100)",
        "  --jitter-ms MS      random extra one-way delay, 0..MS          (default 10)",
        "  --loss F            FRACTION of datagrams lost per direction, 0..1 (0.05 = 5%) (default 0.05)",
        "  --link NAME         default | fiedler: a preset of the three above; fiedler is his delta demo's",
        "                      recording link, 5 ms each way, no jitter, no loss. Any of the three given",
        "                      explicitly overrides the preset                 (default default)",
        "  --budget-kbps K     priority accumulator budget incl. headers, " + (int)LinkBudget.MIN_KBPS + ".." +
            (int)LinkBudget.MAX_KBPS,
        "                      (default unlimited: every changed object every tick, payloads up to 15 KiB)",
        "  --schema KIND       snapshot | state  (default snapshot for cubes, state for pile, player)",
        "                      snapshot: position + rotation + at rest, receiver interpolates",
        "                      state: + velocities at high precision, quantized on both sides",
        "  --json FILE         write the report as JSON (see src/site/report-schema.md)",
        "  --html FILE         write a self-contained HTML report with plots",
        "  --help              this text",
        "",
        "  server              run the scene as an authority on 127.0.0.1 over real UDP for --seconds",
        "  client              run a replica of it (same --scene/--schema) and print what it received",
        "  --port N            UDP port of server and client, 1..65535   (default " + DEFAULT_PORT + ")",
        "  --max-clients N     client slots of the server, 1..1024        (default " + DEFAULT_MAX_CLIENTS + ")");

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

    private Options(final Builder b)
    {
        help = b.help;
        command = b.command;
        port = b.port;
        maxClients = b.maxClients;
        scene = b.scene;
        seconds = b.seconds;
        seed = b.seed;
        link = b.link;
        final boolean fiedlerLink = LINK_FIEDLER.equals(b.link);
        rttMs = b.rttMs != null ? b.rttMs : fiedlerLink ? FIEDLER_RTT_MS : DEFAULT_RTT_MS;
        jitterMs = b.jitterMs != null ? b.jitterMs : fiedlerLink ? 0.0 : DEFAULT_JITTER_MS;
        lossFraction = b.lossFraction != null ? b.lossFraction : fiedlerLink ? 0.0 : DEFAULT_LOSS_FRACTION;
        budgetKbps = b.budgetKbps;
        schema = b.schema != null ? b.schema : SchemaKind.defaultFor(b.scene);
        jsonFile = b.jsonFile;
        htmlFile = b.htmlFile;
    }

    /** @return the defaults (the command with no arguments). */
    public static Options defaults()
    {
        return new Options(new Builder());
    }

    /**
     * Parse a command line.
     *
     * @throws IllegalArgumentException with a one-line message naming the bad option.
     */
    public static Options parse(final String... args)
    {
        final Builder b = new Builder();
        for (int i = 0; i < args.length; i++)
        {
            final String option = args[i];
            if ("--help".equals(option) || "-h".equals(option))
            {
                b.help = true;
                continue;
            }
            if (i == 0 && (COMMAND_SERVER.equals(option) || COMMAND_CLIENT.equals(option)))
            {
                b.command = option;
                continue;
            }
            if (!option.startsWith("--"))
            {
                throw new IllegalArgumentException("unexpected argument '" + option + "' (try --help)");
            }
            if (i + 1 >= args.length)
            {
                throw new IllegalArgumentException(option + " needs a value (try --help)");
            }
            final String value = args[++i];
            switch (option)
            {
                case "--scene" -> b.scene = oneOf(option, value, "cubes", "pile", "player");
                case "--seconds" -> b.seconds = number(option, value, 1.0 / 60, 24 * 3600, false);
                case "--seed" -> b.seed = longValue(option, value);
                case "--latency-ms" -> b.rttMs = number(option, value, 0, 10_000, true);
                case "--jitter-ms" -> b.jitterMs = number(option, value, 0, 10_000, true);
                case "--loss" -> b.lossFraction = number(option, value, 0, 1, true);
                case "--link" -> b.link = oneOf(option, value, LINK_DEFAULT, LINK_FIEDLER);
                case "--budget-kbps" -> b.budgetKbps = number(option, value, LinkBudget.MIN_KBPS, LinkBudget.MAX_KBPS, true);
                case "--schema" ->
                {
                    b.schema = SchemaKind.parse(value);
                    if (b.schema == null)
                    {
                        throw new IllegalArgumentException("--schema must be snapshot or state, got '" + value + "'");
                    }
                }
                case "--port" -> b.port = port(option, value);
                case "--max-clients" -> b.maxClients = maxClients(option, value);
                case "--json" -> b.jsonFile = fileName(option, value);
                case "--html" -> b.htmlFile = fileName(option, value);
                default -> throw new IllegalArgumentException("unknown option " + option + " (try --help)");
            }
        }
        return new Options(b);
    }

    private static String oneOf(final String option, final String value, final String... allowed)
    {
        for (final String candidate : allowed)
        {
            if (candidate.equals(value))
            {
                return value;
            }
        }
        throw new IllegalArgumentException(option + " must be one of " + String.join(", ", allowed) + ", got '" + value + "'");
    }

    private static double number(
        final String option, final String value, final double min, final double max, final boolean minInclusive)
    {
        final double parsed;
        try
        {
            parsed = Double.parseDouble(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(option + " needs a number, got '" + value + "'");
        }
        if (!(minInclusive ? parsed >= min : parsed > min) || !(parsed <= max))
        {
            throw new IllegalArgumentException(option + " must be in " + (minInclusive ? "[" : "(") + min + ", " + max +
                "], got '" + value + "'");
        }
        return parsed;
    }

    private static long longValue(final String option, final String value)
    {
        try
        {
            return Long.parseLong(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(option + " needs a whole number, got '" + value + "'");
        }
    }

    private static int port(final String option, final String value)
    {
        final long port = longValue(option, value);
        if (port < 1 || port > 65_535)
        {
            throw new IllegalArgumentException(option + " must be in [1, 65535], got '" + value + "'");
        }
        return (int)port;
    }

    private static int maxClients(final String option, final String value)
    {
        final long count = longValue(option, value);
        if (count < 1 || count > 1024)
        {
            throw new IllegalArgumentException(option + " must be in [1, 1024], got '" + value + "'");
        }
        return (int)count;
    }

    private static String fileName(final String option, final String value)
    {
        if (value.isEmpty() || value.startsWith("--"))
        {
            throw new IllegalArgumentException(option + " needs a file name, got '" + value + "'");
        }
        return value;
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

    private static final class Builder
    {
        boolean help;
        String command = COMMAND_RUN;
        int port = DEFAULT_PORT;
        int maxClients = DEFAULT_MAX_CLIENTS;
        String scene = DEFAULT_SCENE;
        double seconds = DEFAULT_SECONDS;
        long seed = DEFAULT_SEED;
        String link = LINK_DEFAULT;
        Double rttMs;
        Double jitterMs;
        Double lossFraction;
        double budgetKbps;
        SchemaKind schema;
        String jsonFile;
        String htmlFile;

        Builder()
        {
        }
    }
}
