package dev.statesync.sync.reliable;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SequenceNumbersTest
{
    @Test
    void shouldOrderSequencesWithoutWrap()
    {
        assertTrue(SequenceNumbers.isNewer(1, 0));
        assertFalse(SequenceNumbers.isNewer(0, 1));
        assertFalse(SequenceNumbers.isNewer(5, 5));
        assertTrue(SequenceNumbers.isOlder(100, 200));
    }

    @Test
    void shouldTreatZeroAsNewerThan65535AcrossWrap()
    {
        assertTrue(SequenceNumbers.isNewer(0, 65535));
        assertFalse(SequenceNumbers.isNewer(65535, 0));
        assertTrue(SequenceNumbers.isNewer(10, 65000));
        assertTrue(SequenceNumbers.isOlder(65000, 10));
    }

    @Test
    void shouldFollowReliableRuleAtHalfRange()
    {
        // a - b == 32768 with a > b counts as newer; b - a == 32768 with a < b does not
        assertTrue(SequenceNumbers.isNewer(32768, 0));
        assertFalse(SequenceNumbers.isNewer(0, 32768));
        assertFalse(SequenceNumbers.isNewer(32769, 0));
        assertTrue(SequenceNumbers.isNewer(0, 32769));
    }

    @Test
    void shouldMeasureSignedDifferenceAcrossWrap()
    {
        assertEquals(1, SequenceNumbers.difference(0, 65535));
        assertEquals(-1, SequenceNumbers.difference(65535, 0));
        assertEquals(546, SequenceNumbers.difference(10, 65000));
        assertEquals(0, SequenceNumbers.difference(7, 7));
        assertEquals(32768, SequenceNumbers.difference(32768, 0));
        assertEquals(-32768, SequenceNumbers.difference(0, 32768));
    }

    @Test
    void shouldWrapAddAndNext()
    {
        assertEquals(0, SequenceNumbers.next(65535));
        assertEquals(65535, SequenceNumbers.add(0, -1));
        assertEquals(4, SequenceNumbers.add(65530, 10));
    }

    @Test
    void shouldRejectOutOfRangeSequenceAsMisuse()
    {
        assertThrows(IllegalArgumentException.class, () -> SequenceNumbers.checkSequence(65536, "s"));
        assertThrows(IllegalArgumentException.class, () -> SequenceNumbers.checkSequence(-1, "s"));
        assertEquals(65535, SequenceNumbers.checkSequence(65535, "s"));
    }

    @Property
    void differenceShouldAgreeWithIsNewer(
        @ForAll @IntRange(min = 0, max = 65535) final int a, @ForAll @IntRange(min = 0, max = 65535) final int b)
    {
        final int d = SequenceNumbers.difference(a, b);
        assertEquals(SequenceNumbers.isNewer(a, b), d > 0);
        assertEquals(SequenceNumbers.isOlder(a, b), d < 0);
        assertEquals(a, SequenceNumbers.add(b, d));
    }

    @Property
    void shouldBeAntisymmetric(
        @ForAll @IntRange(min = 0, max = 65535) final int a, @ForAll @IntRange(min = 0, max = 65535) final int b)
    {
        assertFalse(SequenceNumbers.isNewer(a, b) && SequenceNumbers.isNewer(b, a));
        if (a != b)
        {
            assertTrue(SequenceNumbers.isNewer(a, b) || SequenceNumbers.isNewer(b, a));
        }
    }

    @Property
    void shouldSeeNextAsNewerEverywhere(@ForAll @IntRange(min = 0, max = 65535) final int a)
    {
        assertTrue(SequenceNumbers.isNewer(SequenceNumbers.next(a), a));
        assertEquals(1, SequenceNumbers.difference(SequenceNumbers.next(a), a));
    }
}
