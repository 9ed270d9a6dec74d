package dev.statesync.codec.snapshot;

import java.util.function.UnaryOperator;

import dev.statesync.codec.state.WireFingerprint;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * A snapshot config adds the settings a decoder depends on to a connection's fingerprint and leaves out those only
 * the sender reads, so two ends may tune resends apart but not the format.
 */
class SnapshotConfigFingerprintTest
{
    private static long digest(final SnapshotConfig config)
    {
        final WireFingerprint fingerprint = new WireFingerprint();
        config.addWireSettingsTo(fingerprint);
        return fingerprint.value();
    }

    private static long digest(final PhysicalCouplings couplings)
    {
        final WireFingerprint fingerprint = new WireFingerprint();
        couplings.addTo(fingerprint);
        return fingerprint.value();
    }

    private static long changed(final UnaryOperator<SnapshotConfig> change)
    {
        return digest(change.apply(new SnapshotConfig().rangeCoded(true)));
    }

    @Test
    void shouldFollowTheFormatSettings()
    {
        final long base = changed(c -> c);
        assertEquals(base, changed(c -> c), "built alike");
        assertNotEquals(base, changed(c -> c.rangeCoded(false)), "range coding");
        assertNotEquals(base, changed(c -> c.ringDepthTicks(128)), "ring depth");
        assertNotEquals(base, changed(c -> c.maxReorderTicks(8)), "reorder window");
        assertNotEquals(base, changed(c -> c.modelRingDepth(64)), "model ring");
        assertEquals(digest(new SnapshotConfig()), digest(new SnapshotConfig().modelRingDepth(64)),
            "bitpacked, the model ring is never read");
    }

    @Test
    void shouldLeaveOutWhatOnlyTheSenderReads()
    {
        final long base = changed(c -> c);
        assertEquals(base, changed(c -> c.unchangedRepeats(3)));
        assertEquals(base, changed(c -> c.resendTimeoutTicks(30)));
        assertEquals(base, changed(c -> c.packetHistory(512)));
        assertEquals(base, changed(c -> c.shortTicks(false)));
        assertEquals(base, changed(c -> c.previousStateBlendErrorM(0.03)));
        assertEquals(base, changed(c -> c.cornerRepeatMaxAgeTicks(10)));
        assertEquals(base, changed(c -> c.unackedReferenceMaxAgeTicks(1).unackedReferenceChainDepth(2)));
    }

    @Test
    void shouldFollowEveryCoupling()
    {
        final long off = digest(new PhysicalCouplings());
        assertEquals(off, digest(new PhysicalCouplings()));
        assertNotEquals(off, digest(new PhysicalCouplings().rollingRadiusM(0.283)));
        assertNotEquals(off, digest(new PhysicalCouplings().groundContact(0, 0.2)));
        assertNotEquals(digest(new PhysicalCouplings().groundContact(0, 0.2)),
            digest(new PhysicalCouplings().groundContact(1, 0.2)));
    }
}
