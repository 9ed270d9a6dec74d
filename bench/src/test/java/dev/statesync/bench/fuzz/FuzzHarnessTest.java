package dev.statesync.bench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The harness can fail: a target that throws, one that changes state on a refusal and one that stops converging
 * are each reported, with the input that did it; an honest target is reported clean.
 */
class FuzzHarnessTest
{
    private static final FuzzSettings SETTINGS = new FuzzSettings(3, 100, 4, 2, 10);

    /** Accepts exactly its own datagrams; the flaw decides how it misbehaves otherwise. */
    private static final class FlawedTarget implements FuzzTarget
    {
        enum Flaw
        {
            NONE, THROWS_ON_FF, COUNTS_REFUSALS_IN_STATE, STOPS_CONVERGING_AFTER_FORGERY
        }

        private final Flaw flaw;
        private final FuzzCorpus corpus = new FuzzCorpus(4);
        private final WireLayout layout = WireLayout.message(WireLayout.PayloadTick.AT_START);
        private long state;
        private boolean broken;
        private int tick;

        FlawedTarget(final Flaw flaw)
        {
            this.flaw = flaw;
        }

        @Override
        public String name()
        {
            return "flawed-" + flaw;
        }

        @Override
        public boolean convergenceGuaranteed()
        {
            return flaw == Flaw.STOPS_CONVERGING_AFTER_FORGERY;
        }

        @Override
        public WireLayout layout()
        {
            return layout;
        }

        @Override
        public FuzzCorpus corpus()
        {
            return corpus;
        }

        @Override
        public boolean feed(final DirectBuffer buffer, final int offset, final int length)
        {
            if (flaw == Flaw.THROWS_ON_FF && length > 0 && buffer.getByte(offset) == (byte)0xFF)
            {
                throw new ArrayIndexOutOfBoundsException("hostile 0xFF");
            }
            final byte[] bytes = new byte[length];
            buffer.getBytes(offset, bytes);
            if (corpus.contains(bytes, length))
            {
                state++;
                return true;
            }
            if (flaw == Flaw.COUNTS_REFUSALS_IN_STATE)
            {
                state += 1000;
            }
            if (flaw == Flaw.STOPS_CONVERGING_AFTER_FORGERY && length > 8)
            {
                broken = true;
                return true;
            }
            return false;
        }

        @Override
        public long stateDigest()
        {
            return state;
        }

        @Override
        public void honestTick(final boolean moving)
        {
            tick++;
            final byte[] datagram = {(byte)tick, 0, 0, 0, 1, 2, 3};
            corpus.record(new UnsafeBuffer(datagram), 0, datagram.length);
            state += 7;
        }

        @Override
        public boolean converged()
        {
            return !broken;
        }

        @Override
        public long honestErrors()
        {
            return 0;
        }

        @Override
        public void rebuild(final long seed)
        {
            broken = false;
            state = 0;
        }
    }

    private static FuzzReport fuzz(final FlawedTarget.Flaw flaw)
    {
        return FuzzRunner.run(new FlawedTarget(flaw), 2000, 7, SETTINGS);
    }

    @Test
    void shouldReportAnHonestTargetClean()
    {
        final FuzzReport report = fuzz(FlawedTarget.Flaw.NONE);
        assertTrue(report.clean(), report.findings().toString());
        assertEquals(2000, report.inputs());
        assertTrue(report.acceptedGenuine() > 0 && report.refused() > 1000);
        assertEquals(report.honestPhases(), report.convergedPhases());
    }

    @Test
    void shouldReportAnEscapeWithItsInput()
    {
        final FuzzReport report = fuzz(FlawedTarget.Flaw.THROWS_ON_FF);
        assertTrue(report.escapes() > 0);
        final FuzzFinding finding = report.findings().get(0);
        assertEquals(FuzzFinding.Kind.ESCAPE, finding.kind());
        assertTrue(finding.inputHex().startsWith("ff"), finding.toString());
        assertTrue(finding.detail().contains("hostile 0xFF"), finding.toString());
        assertTrue(report.rebuilds() > 0, "a session is rebuilt after an escape");
    }

    @Test
    void shouldReportAStateChangeFromRefusedInput()
    {
        final FuzzReport report = fuzz(FlawedTarget.Flaw.COUNTS_REFUSALS_IN_STATE);
        assertEquals(report.refused(), report.stateChanges());
        assertEquals(FuzzFinding.Kind.STATE_CHANGE_FROM_REFUSED, report.findings().get(0).kind());
        assertEquals(FuzzReport.MAX_FINDINGS_PER_KIND, report.findings().size());
    }

    @Test
    void shouldReportADivergenceWhereConvergenceIsGuaranteed()
    {
        final FuzzReport report = fuzz(FlawedTarget.Flaw.STOPS_CONVERGING_AFTER_FORGERY);
        assertTrue(report.divergences() > 0);
        assertFalse(report.clean());
        assertEquals(FuzzFinding.Kind.DIVERGENCE, report.findings().get(0).kind());
    }
}
