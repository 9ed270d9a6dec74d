package dev.statesync.bench.fuzz;

import java.util.List;
import java.util.Locale;

/** Fuzz reports as a fixed-width table for a terminal, or a Markdown table for {@code results.md}. */
public final class FuzzReportTable
{
    private static final String[] HEADINGS = {"target", "inputs", "inputs/s", "refused", "accepted forged",
        "accepted genuine", "escapes", "state changes", "divergences", "phases", "checked", "unguaranteed", "wall s"};

    private FuzzReportTable()
    {
    }

    /**
     * @param reports  one per target.
     * @param markdown true for a Markdown table.
     * @return the table, with a total row.
     */
    public static String format(final List<FuzzReport> reports, final boolean markdown)
    {
        final StringBuilder out = new StringBuilder();
        row(out, HEADINGS, markdown);
        if (markdown)
        {
            out.append('|');
            for (int i = 0; i < HEADINGS.length; i++)
            {
                out.append(i == 0 ? "---|" : "---:|");
            }
            out.append('\n');
        }
        long inputs = 0;
        long refused = 0;
        long forged = 0;
        long genuine = 0;
        long escapes = 0;
        long stateChanges = 0;
        long divergences = 0;
        long unguaranteed = 0;
        long phases = 0;
        long checked = 0;
        long wallNs = 0;
        for (final FuzzReport r : reports)
        {
            row(out, cells(r.target(), r.inputs(), r.inputsPerSecond(), r.refused(), r.acceptedForged(),
                r.acceptedGenuine(), r.escapes(), r.stateChanges(), r.divergences(), r.honestPhases(),
                r.checkedPhases(), r.unguaranteedPhases(), r.wallNs()), markdown);
            inputs += r.inputs();
            refused += r.refused();
            forged += r.acceptedForged();
            genuine += r.acceptedGenuine();
            escapes += r.escapes();
            stateChanges += r.stateChanges();
            divergences += r.divergences();
            unguaranteed += r.unguaranteedPhases();
            phases += r.honestPhases();
            checked += r.checkedPhases();
            wallNs += r.wallNs();
        }
        if (reports.size() > 1)
        {
            row(out, cells(markdown ? "**total**" : "total", inputs, wallNs == 0 ? 0 : inputs * 1e9 / wallNs, refused,
                forged, genuine, escapes, stateChanges, divergences, phases, checked, unguaranteed, wallNs), markdown);
        }
        return out.toString();
    }

    private static String[] cells(
        final String target, final long inputs, final double perSecond, final long refused, final long forged,
        final long genuine, final long escapes, final long stateChanges, final long divergences,
        final long phases, final long checked, final long unguaranteed, final long wallNs)
    {
        return new String[]{target, Long.toString(inputs), String.format(Locale.ROOT, "%.0f", perSecond),
            Long.toString(refused), Long.toString(forged), Long.toString(genuine), Long.toString(escapes),
            Long.toString(stateChanges), Long.toString(divergences), Long.toString(phases), Long.toString(checked),
            Long.toString(unguaranteed), String.format(Locale.ROOT, "%.1f", wallNs / 1e9)};
    }

    private static void row(final StringBuilder out, final String[] cells, final boolean markdown)
    {
        if (markdown)
        {
            out.append('|');
            for (final String cell : cells)
            {
                out.append(' ').append(cell).append(" |");
            }
        }
        else
        {
            out.append(String.format(Locale.ROOT, "%-23s", cells[0]));
            for (int i = 1; i < cells.length; i++)
            {
                out.append(String.format(Locale.ROOT, " %" + Math.max(8, HEADINGS[i].length()) + "s", cells[i]));
            }
        }
        out.append('\n');
    }
}
