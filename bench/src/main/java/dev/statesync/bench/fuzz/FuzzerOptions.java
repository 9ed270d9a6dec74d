package dev.statesync.bench.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@link HostileInputFuzzer}'s command line as picocli declares it: names, help text and the checks on each value. */
@Command(
    name = "HostileInputFuzzer",
    synopsisHeading = "",
    customSynopsis = {
        "usage: HostileInputFuzzer [--inputs N | --inputs-per-target N] [--seconds S] [--threads T] [--seed S]",
        "                          [--target NAME]... [--markdown]"},
    separator = " ",
    sortOptions = false,
    usageHelpWidth = 120,
    footer = "N accepts 10000000, 10_000_000 or 1e7. Exit: 0 clean, 1 escape / state change / divergence found, 2 bad arguments.")
final class FuzzerOptions
{
    /** "--inputs-per-target N": the option column is as wide as it. */
    private static final int LONGEST_OPTION = 24;

    @Spec
    CommandSpec spec;

    long inputs = HostileInputFuzzer.DEFAULT_INPUTS;
    boolean perTarget;

    @Option(names = "--seconds", paramLabel = "S", order = 3, converter = CountConverter.class, description = {
        "wall-time budget of the whole run: each target, as it starts, gets an even share",
        "of the time left and stops feeding when it is used up, whatever its input count,",
        "so time fast targets leave goes to the slow ones (default: none)"})
    long seconds;

    int threads = 1;

    @Option(names = "--seed", paramLabel = "S", order = 5, converter = SeedConverter.class,
        description = "seed of the choices and the honest sessions (default " + HostileInputFuzzer.DEFAULT_SEED + ")")
    long seed = HostileInputFuzzer.DEFAULT_SEED;

    final List<String> targets = new ArrayList<>();

    @Option(names = "--markdown", order = 7, description = "print the table as Markdown")
    boolean markdown;

    @Option(names = {"--help", "-h"}, usageHelp = true, order = 8, description = "this text")
    boolean help;

    @Option(names = "--inputs", paramLabel = "N", order = 1, converter = CountConverter.class,
        description = "hostile inputs in total, split evenly over the targets (default " + HostileInputFuzzer.DEFAULT_INPUTS + ")")
    void inputs(final long count)
    {
        inputs = count;
        perTarget = false;
    }

    @Option(names = "--inputs-per-target", paramLabel = "N", order = 2, converter = CountConverter.class,
        description = "hostile inputs per target instead")
    void inputsPerTarget(final long count)
    {
        inputs = count;
        perTarget = true;
    }

    @Option(names = "--threads", paramLabel = "T", order = 4, converter = CountConverter.class,
        description = "targets fuzzed at once, at most 64 (default 1)")
    void threads(final long count)
    {
        threads = (int)Math.min(64, count);
    }

    @Option(names = "--target", paramLabel = "NAME", order = 6,
        description = "fuzz only this target; repeat or separate with commas (default: all)")
    void target(final String names)
    {
        for (final String name : names.split(","))
        {
            if (!FuzzTargets.exists(name))
            {
                throw new ParameterException(spec.commandLine(), "no target " + name);
            }
            targets.add(name);
        }
    }

    /** @return the help text, with every target and what it feeds. */
    static String usage()
    {
        final StringBuilder text = new StringBuilder(
            new CommandLine(new FuzzerOptions()).setUsageHelpLongOptionsMaxWidth(LONGEST_OPTION)
                .getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing());
        text.append(String.format(Locale.ROOT, "%ntargets:"));
        for (final String name : FuzzTargets.names())
        {
            text.append(String.format(Locale.ROOT, "%n  %-23s %s", name, FuzzTargets.description(name)));
        }
        return text.toString();
    }

    /** A positive count written 10000000, 10_000_000 or 1e7. */
    static final class CountConverter implements ITypeConverter<Long>
    {
        @Override
        public Long convert(final String value)
        {
            try
            {
                return HostileInputFuzzer.parseCount(value);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new TypeConversionException(ex.getMessage());
            }
        }
    }

    /** A long, underscores allowed. */
    static final class SeedConverter implements ITypeConverter<Long>
    {
        @Override
        public Long convert(final String value)
        {
            try
            {
                return Long.parseLong(value.replace("_", ""));
            }
            catch (final NumberFormatException ex)
            {
                throw new TypeConversionException("not a seed: " + value);
            }
        }
    }
}
