package dev.statesync.sync.reliable;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The sequence buffer against a plain model: a sequence is stored exactly when it was inserted (not
 * stale at the time), not removed since, and is still inside the window of the last {@code capacity}
 * sequences ending at the newest inserted; across the 16-bit wrap too.
 */
class SequenceBufferModelTest
{
    private static final int CAPACITY = 64;

    @Property(tries = 300)
    void shouldMatchWindowModelUnderRandomInsertsAndRemoves(
        @ForAll @IntRange(min = 0, max = 65535) final int start,
        @ForAll @Size(min = 1, max = 300) final List<@IntRange(min = -100, max = 100) Integer> steps)
    {
        final SequenceBuffer<Object> buffer = new SequenceBuffer<>(CAPACITY, Object::new);
        final Set<Integer> stored = new HashSet<>();
        int newest = 65535; // a fresh buffer behaves as if 65535 was the newest, with nothing stored
        int cursor = start;
        for (final int step : steps)
        {
            final int sequence = SequenceNumbers.add(cursor, step);
            if (step % 7 == 0)
            {
                buffer.remove(sequence);
                stored.remove(sequence);
                continue;
            }
            final boolean stale = SequenceNumbers.isOlder(sequence, SequenceNumbers.add(newest, 1 - CAPACITY));
            final boolean inserted = buffer.insert(sequence) != null;
            assertEquals(!stale, inserted, "insert " + sequence + " newest " + newest);
            if (inserted)
            {
                stored.add(sequence);
                if (SequenceNumbers.isNewer(sequence, newest))
                {
                    newest = sequence;
                }
                cursor = sequence;
            }
            final int windowNewest = newest;
            stored.removeIf(s -> SequenceNumbers.difference(windowNewest, s) >= CAPACITY);
            if (stored.isEmpty() && !inserted)
            {
                continue;
            }
            for (int d = -CAPACITY - 5; d <= 5; d++)
            {
                final int probe = SequenceNumbers.add(newest, d);
                assertEquals(stored.contains(probe), buffer.exists(probe), "probe " + probe);
            }
        }
    }
}
