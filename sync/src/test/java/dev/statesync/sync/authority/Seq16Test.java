package dev.statesync.sync.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class Seq16Test
{
    @Test
    void shouldTreatSequencesAcrossTheWrapAsNewer()
    {
        assertTrue(Seq16.isNewer(1, 0));
        assertTrue(Seq16.isNewer(0, 65535));
        assertTrue(Seq16.isNewer(10, 65530));
        assertFalse(Seq16.isNewer(65535, 0));
        assertFalse(Seq16.isNewer(5, 5));
        assertTrue(Seq16.isNewer(32768, 0), "exactly half way counts as newer (DESIGN §3)");
        assertFalse(Seq16.isNewer(32769, 0));
        assertEquals(0, Seq16.next(65535));
    }
}
