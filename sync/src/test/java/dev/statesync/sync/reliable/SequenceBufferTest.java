package dev.statesync.sync.reliable;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SequenceBufferTest
{
    static final class Entry
    {
        int value;
    }

    private final SequenceBuffer<Entry> buffer = new SequenceBuffer<>(256, Entry::new);

    @Test
    void shouldInsertFindAndRemove()
    {
        final Entry entry = buffer.insert(5);
        assertNotNull(entry);
        entry.value = 42;
        assertSame(entry, buffer.find(5));
        assertEquals(42, buffer.find(5).value);
        assertEquals(6, buffer.nextSequence());
        buffer.remove(5);
        assertNull(buffer.find(5));
        assertFalse(buffer.exists(5));
    }

    @Test
    void shouldNotAnswerForSequenceSharingTheSlot()
    {
        buffer.insert(1);
        assertNull(buffer.find(1 + 256));
        assertTrue(buffer.exists(1));
    }

    @Test
    void shouldReuseEntriesWithoutAllocating()
    {
        final Entry first = buffer.insert(3);
        final Entry again = buffer.insert(3 + 256);
        assertSame(first, again);
    }

    @Test
    void shouldRejectStaleSequence()
    {
        buffer.insert(1000);
        assertNull(buffer.insert(1000 - 257));
        assertTrue(buffer.isStale(1000 - 257));
        assertFalse(buffer.isStale(1000 - 255));
        assertNotNull(buffer.insert(1000 - 255));
        assertEquals(1001, buffer.nextSequence());
    }

    @Test
    void shouldClearSkippedSlotsWhenAdvancing()
    {
        buffer.insert(10);
        buffer.insert(11);
        buffer.insert(10 + 256 + 5);
        assertNull(buffer.find(10));
        assertNull(buffer.find(11));
        assertEquals(10 + 256 + 6, buffer.nextSequence());
    }

    @Test
    void shouldInsertAcrossSequenceWrap()
    {
        for (int s = 65400; s < 65536; s++)
        {
            assertNotNull(buffer.insert(s));
        }
        for (int s = 0; s < 100; s++)
        {
            assertNotNull(buffer.insert(s));
        }
        assertEquals(100, buffer.nextSequence());
        assertTrue(buffer.exists(65535));
        assertTrue(buffer.exists(65535 - 130));
        assertFalse(buffer.exists(65535 - 160));
        assertTrue(buffer.isStale(65535 - 160));
        assertNull(buffer.insert(65535 - 160));
        assertFalse(buffer.isStale(65535 - 130));
    }

    @Test
    void shouldNotMoveWindowBackForOlderInsert()
    {
        buffer.insert(200);
        buffer.insert(150);
        assertEquals(201, buffer.nextSequence());
        assertTrue(buffer.exists(150));
    }

    @Test
    void shouldGenerateAckBitsOfNewestAndPredecessors()
    {
        buffer.insert(65534);
        buffer.insert(0);
        buffer.insert(1);
        buffer.insert(3);
        assertEquals(3, buffer.newestSequence());
        // 3 -> bit0, 1 -> bit2, 0 -> bit3, 65534 -> bit5
        assertEquals(0b101101, buffer.ackBits());
    }

    @Test
    void shouldAckNothingBeforeFirstInsert()
    {
        assertEquals(65535, buffer.newestSequence());
        assertEquals(0, buffer.ackBits());
    }

    @Test
    void shouldForgetEverythingOnReset()
    {
        buffer.insert(7);
        buffer.reset();
        assertNull(buffer.find(7));
        assertEquals(0, buffer.nextSequence());
    }

    @Test
    void shouldRejectCapacityThatIsNotPowerOfTwo()
    {
        assertThrows(IllegalArgumentException.class, () -> new SequenceBuffer<>(100, Entry::new));
        assertThrows(IllegalArgumentException.class, () -> new SequenceBuffer<>(65536, Entry::new));
    }
}
