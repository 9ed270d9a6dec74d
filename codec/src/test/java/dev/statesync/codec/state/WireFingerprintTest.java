package dev.statesync.codec.state;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The digest both ends of a connection compare at connect: equal values in equal order give equal digests on any
 * JVM, and anything else gives another.
 */
class WireFingerprintTest
{
    @Test
    void shouldGiveEqualDigestsForEqualValuesAddedInTheSameOrder()
    {
        assertEquals(new WireFingerprint().add(3).add(true).add(0.25).add("hold").value(),
            new WireFingerprint().add(3L).add(1L).add(0.25).add("hold").value());
        assertEquals(new WireFingerprint().add(0.0).value(), new WireFingerprint().add(-0.0).value(),
            "settings that compare equal add the same value");
    }

    @Test
    void shouldTellApartOrderNameBoundariesAndEmptyDigests()
    {
        assertNotEquals(new WireFingerprint().add(1).add(2).value(), new WireFingerprint().add(2).add(1).value());
        assertNotEquals(new WireFingerprint().add("ab").add("c").value(), new WireFingerprint().add("a").add("bc").value());
        assertNotEquals(new WireFingerprint().value(), new WireFingerprint().add(0).value(), "adding a zero counts");
        assertNotEquals(new WireFingerprint().add(0).value(), new WireFingerprint().add(0).add(0).value());
        assertNotEquals(new WireFingerprint().add(new int[]{1, 2}).add(3).value(),
            new WireFingerprint().add(new int[]{1}).add(2).add(3).value());
    }

    @Test
    void shouldChangeWithEveryBitOfAValue()
    {
        final long base = new WireFingerprint().add(0x0123_4567_89AB_CDEFL).value();
        for (int bit = 0; bit < 64; bit++)
        {
            assertNotEquals(base, new WireFingerprint().add(0x0123_4567_89AB_CDEFL ^ (1L << bit)).value(), "bit " + bit);
        }
    }

    /**
     * Two builds of the library must agree on the digest of the same settings, or a client and a server of one
     * release could not connect; so the mix is pinned here, on values covering every kind of add.
     */
    @Test
    void shouldKeepTheDigestOfAFixedSequenceAcrossReleases()
    {
        assertEquals(PINNED, new WireFingerprint().add(7).add(-1L).add(false).add(0.2).add("x").value());
    }

    /** Golden: computed once by this class (2026-11-29); a change here is a handshake format change. */
    private static final long PINNED = 0xAA87_2263_20FF_63B3L;

    @Test
    void shouldFollowEverySchemaSettingAndNothingElse()
    {
        assertEquals(digest(StateSchema.snapshot3d()), digest(StateSchema.snapshot3d()));
        assertEquals(digest(StateSchema.builder3d().velocities(false).build()), digest(StateSchema.snapshot3d()));
        assertNotEquals(digest(StateSchema.snapshot3d()), digest(StateSchema.fiedler3d()), "velocities");
        assertNotEquals(digest(StateSchema.snapshot3d()),
            digest(StateSchema.builder3d().velocities(false).positionUnitsPerMetre(1024).build()), "position precision");
        assertNotEquals(digest(StateSchema.snapshot3d()),
            digest(StateSchema.builder3d().velocities(false).rotationBits(10).build()), "rotation precision");
        assertNotEquals(digest(StateSchema.fiedler3d()), digest(StateSchema.builder3d().linearUnitsPerMps(64).build()),
            "velocity precision");
        assertNotEquals(digest(StateSchema.default2d()), digest(StateSchema.fiedler3d()), "dimensions");
    }

    private static long digest(final StateSchema schema)
    {
        return new WireFingerprint().add(schema).value();
    }
}
