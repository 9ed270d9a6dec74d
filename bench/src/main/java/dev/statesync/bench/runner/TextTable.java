package dev.statesync.bench.runner;

import java.util.Locale;

/** The human-readable summary printed after a run. */
public final class TextTable
{
    private TextTable()
    {
    }

    /** @return the report as a fixed-width table and a few lines of figures. */
    public static String format(final RunReport r)
    {
        final StringBuilder out = new StringBuilder();
        final Options o = r.options();
        out.append(String.format(Locale.ROOT,
            "scene %s: %d objects, %d ticks at %d Hz, schema %s, RTT %.0f ms, jitter %.0f ms, loss %.1f%%, budget %s, seed %d%n",
            r.scene(), r.objects(), r.ticks(), r.hz(), r.schema(), o.rttMs(), o.jitterMs(), o.lossFraction() * 100,
            o.budgeted() ? String.format(Locale.ROOT, "%.0f kbps", o.budgetKbps()) : "unlimited", o.seed()));
        if (o.predictor() != PredictorChoice.RUNNER || !o.rangeCoded())
        {
            out.append(String.format(Locale.ROOT, "codec: predictor %s, range coding %s%n", o.predictor().text(),
                o.rangeCoded() ? "on" : "off"));
        }
        out.append(String.format(Locale.ROOT,
            "changed per snapshot: %.1f since the previous tick, %.1f against the acked baseline " +
            "(bits/changed divides by this); at rest %.1f%n%n",
            r.changedPerSnapshot(), r.changedVsAckedPerSnapshot(), r.atRestPerSnapshot()));
        out.append(String.format(Locale.ROOT, "%-16s %14s %12s %12s %12s%n",
            "stage", "bits/snapshot", "bits/object", "bits/changed", "kbps"));
        for (final StageFigures s : r.stages())
        {
            out.append(String.format(Locale.ROOT, "%-16s %14.1f %12.2f %12.2f %12.1f%n",
                s.name(), s.bitsPerSnapshot(), s.bitsPerObject(), s.bitsPerMovingObject(), s.kbps()));
        }
        appendBits(out, r.bits());
        out.append(String.format(Locale.ROOT, "%nstatesync / fiedler-2015: %.3f of the bits per snapshot%s%n",
            r.statesyncToFiedlerRatio(), r.rateControl() == null ? "" :
                " (budgeted: statesync carries only what the budget buys, fiedler-2015 every change every tick; " +
                "not an efficiency figure, compare fidelity at equal kbps instead)"));
        out.append(String.format(Locale.ROOT,
            "bitpacked symbols: %.2f bits/object sent, zeroth-order floor per (kind, width) %.2f " +
            "(the range coder's richer contexts can go below it)%n",
            r.bitpackedBitsPerObjectSent(), r.entropyBitsPerObject()));
        snapshotKinds(r.link(), out);
        out.append(String.format(Locale.ROOT,
            "fidelity (%s): position error mean %.5f m, p99 %.5f m, max %.4f m; " +
            "rotation p99 %.3f deg; resting jitter %.6f m%n",
            r.displayDelay().describe(), r.positionErrorMeanM(), r.positionErrorP99M(), r.positionErrorMaxM(),
            r.rotationErrorP99Deg(), r.restingJitterM()));
        if (r.displayErrors() != null)
        {
            out.append(displayErrors(r.displayErrors()));
        }
        final RateControlFigures rc = r.rateControl();
        if (rc != null)
        {
            out.append(String.format(Locale.ROOT,
                "budget spent by: priority %s, send interval %s (%.1f snapshots/s, %d interval changes), " +
                "position %d units/m, rotation %d bits%n",
                rc.priority(), rc.sendInterval(), rc.snapshotsPerSecond(), rc.intervalChanges(),
                rc.positionUnitsPerMetre(), rc.rotationBits()));
        }
        final LinkFigures l = r.link();
        out.append(String.format(Locale.ROOT,
            "link: packets sent %d, acked %d, lost %d, invalid %d, baseline misses %d (of %d snapshots sent against " +
                "the previous, unacked one%s; %d held for their reference, %d of them applied), RTT %.1f ms%n",
            l.packetsSent(), l.packetsAcked(), l.packetsLost(), l.invalidPackets(), l.baselineMisses(),
            l.unackedReferenceSnapshots(), l.deepChainSnapshots() == 0 ? "" :
                String.format(Locale.ROOT, ", %d in a chain deeper than --unacked-chain after a clean spell",
                    l.deepChainSnapshots()),
            l.heldSnapshots(), l.heldApplied(), l.rttMs()));
        out.append(String.format(Locale.ROOT, "prediction: perfect %.1f%% of objects sent with a baseline",
            r.perfectPredictionRate() * 100));
        if (r.prediction() != null)
        {
            out.append(String.format(Locale.ROOT, "; player corrections %d, largest %.3f m, largest displayed jump %.3f m/frame",
                r.prediction().corrections(), r.prediction().largestCorrectionM(),
                r.prediction().largestDisplayedJumpPerFrameM()));
        }
        // Timed inside this one run, from a cold JVM; JMH CubesCodecBenchmark measures the codec warm.
        out.append(String.format(Locale.ROOT,
            "%ncpu, cold (whole run from JVM start, reliability layer included): encode %.0f ns/object, " +
            "decode %.0f ns/object (%d objects sent)%s%n",
            r.encodeNsPerObject(), r.decodeNsPerObject(), r.objectsSent(),
            clientsPerCore(r.encodeNsPerObject(), r.decodeNsPerObject(), r.objectsSent(), r.seconds())));
        out.append(String.format(Locale.ROOT,
            "cpu, second half of the run (warmer, not steady state): encode %.0f ns/object, decode %.0f ns/object " +
            "(%d objects sent)%s%n",
            r.secondHalfEncodeNsPerObject(), r.secondHalfDecodeNsPerObject(), r.secondHalfObjectsSent(),
            clientsPerCore(r.secondHalfEncodeNsPerObject(), r.secondHalfDecodeNsPerObject(), r.secondHalfObjectsSent(),
                r.secondHalfSeconds())));
        out.append(String.format(Locale.ROOT, "wall time %.1f s%n", r.wallTimeMs() / 1000.0));
        return out.toString();
    }

    /**
     * @param errors {@code --largest-errors}' figures.
     * @return the largest displayed errors with their causes, then the errors counted by cause, as lines of text.
     */
    public static String displayErrors(final DisplayErrorFigures errors)
    {
        final StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT,
            "largest displayed errors: at the display tick the object showed its state of the held tick (blended%n" +
            "towards a newer one, extrapolated or held); causes: what became of its states in between%n"));
        out.append(String.format(Locale.ROOT, "  %9s %7s %12s %9s %8s  %s%n",
            "error m", "object", "display tick", "held tick", "towards", "causes"));
        for (final DisplayErrorFigures.LargestError e : errors.largest())
        {
            out.append(String.format(Locale.ROOT, "  %9.4f %7d %12d %9d %8s  %s%n", e.errorM(), e.object(),
                e.displayTick(), e.heldTick(),
                e.towardsTick() == DisplayErrorFigures.NO_TICK ? "-" : Integer.toString(e.towardsTick()), e.causes()));
        }
        out.append(String.format(Locale.ROOT, "displayed errors >= %.0f mm by cause (samples, largest):%n",
            errors.thresholdM() * 1000));
        for (final DisplayErrorFigures.CauseCount c : errors.byCause())
        {
            out.append(String.format(Locale.ROOT, "  %-26s %8d  %.4f m%n", c.causes(), c.samples(), c.largestM()));
        }
        return out.toString();
    }

    /** @return "; N clients per core encode-only, M with decode (K objects a second each)", or "" without a timing. */
    private static String clientsPerCore(
        final double encodeNs, final double decodeNs, final long objects, final double seconds)
    {
        final double encodeOnly = RunReport.clientsPerCore(encodeNs, objects, seconds);
        if (Double.isNaN(encodeOnly))
        {
            return "";
        }
        return String.format(Locale.ROOT, "; %.0f clients per core encode-only, %.0f with decode (%.0f objects a second each)",
            encodeOnly, RunReport.clientsPerCore(encodeNs + decodeNs, objects, seconds), objects / seconds);
    }

    /** The statesync bit breakdown: categories on one side, object classes on the other. */
    private static void appendBits(final StringBuilder out, final BitFigures bits)
    {
        if (bits == null)
        {
            return;
        }
        out.append(String.format(Locale.ROOT,
            "%nstatesync bits/snapshot by field (range coder, %d frames) and by object class:%n",
            bits.rangeCodedFrames()));
        final int rows = Math.max(bits.categories().size(), bits.classes().size());
        final double total = bits.totalBitsPerSnapshot();
        for (int i = 0; i < rows; i++)
        {
            final String left = i < bits.categories().size() ? row(bits.categories().get(i), total) : "";
            final String right = i < bits.classes().size() ? row(bits.classes().get(i), total) : "";
            out.append(String.format(Locale.ROOT, "  %-44s %s%n", left, right).stripTrailing()).append('\n');
        }
    }

    private static String row(final BitFigures.Row row, final double total)
    {
        return String.format(Locale.ROOT, "%-26s %8.1f %5.1f%%", row.name(), row.bitsPerSnapshot(),
            total > 0 ? 100 * row.bitsPerSnapshot() / total : Double.NaN);
    }

    /**
     * The payload of a snapshot by its kind: clean (named only acked baselines) and, when any were sent, referencing
     * (sent against the previous, unacked one). Unbudgeted they alternate, so the two means say what a baseline one
     * tick old saves against one a round trip old.
     */
    private static void snapshotKinds(final LinkFigures l, final StringBuilder out)
    {
        out.append(String.format(Locale.ROOT, "statesync payload by snapshot kind: clean (acked baselines only) %.1f bits x %d",
            l.cleanPayloadBitsMean(), l.cleanSnapshots()));
        if (l.unackedReferenceSnapshots() > 0)
        {
            out.append(String.format(Locale.ROOT, ", against the previous, unacked one %.1f bits x %d",
                l.referencingPayloadBitsMean(), l.unackedReferenceSnapshots()));
        }
        out.append(System.lineSeparator());
    }
}
