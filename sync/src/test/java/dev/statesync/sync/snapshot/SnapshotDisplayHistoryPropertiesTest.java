package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.TreeMap;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import dev.statesync.codec.quantize.StateQuantizer;
import dev.statesync.codec.state.StateSchema;

/**
 * {@link SnapshotDisplay}'s history against a model: whatever order states arrive in, it keeps the newest
 * {@code historyDepth} distinct ticks it accepted, in tick order, and shows each held tick as it was held; between
 * two held ticks it blends when the gap is within the limit for the older state (at rest or moving), and a state at
 * rest with nothing newer held is held.
 */
class SnapshotDisplayHistoryPropertiesTest
{
    private static final int STRIDE = StateQuantizer.FLOATS_3D;

    @Property(tries = 500)
    void keepsTheNewestDistinctTicksInOrderWhateverTheArrivalOrder(
        @ForAll @IntRange(min = 4, max = 8) final int depth,
        @ForAll @IntRange(min = 0, max = 12) final int restLimit,
        @ForAll @Size(max = 40) final List<@IntRange(min = 0, max = 30) Integer> arrivals)
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 2,
            new SnapshotDisplayConfig().historyDepth(depth).maxBlendFromRestTicks(restLimit));
        final TreeMap<Integer, Float> model = new TreeMap<>();
        final float[] record = new float[STRIDE];
        record[6] = 1;
        for (final int tick : arrivals)
        {
            record[0] = tick * 10 + 0.5f;
            record[STRIDE - 1] = atRest(tick) ? 1f : 0f;
            final boolean kept = display.hold(1, tick, record, 0);
            final boolean modelKeeps = !model.containsKey(tick) && (model.size() < depth || tick > model.firstKey());
            assertEquals(modelKeeps, kept, "tick " + tick + " after " + model.keySet());
            if (modelKeeps)
            {
                model.put(tick, record[0]);
                if (model.size() > depth)
                {
                    model.pollFirstEntry();
                }
            }
        }
        final float[] out = new float[STRIDE];
        assertEquals(model.isEmpty() ? SnapshotDisplay.NO_TICK : model.lastKey(), display.newestTick(1));
        assertEquals(SnapshotDisplay.NO_TICK, display.newestTick(0), "another object's history is untouched");
        for (int tick = 0; tick <= 30; tick++)
        {
            final Integer shownFrom = model.floorKey(tick);
            final int result = display.show(1, tick, out, 0);
            if (shownFrom == null)
            {
                assertEquals(SnapshotDisplay.NOTHING, result, "tick " + tick + " of " + model.keySet());
                continue;
            }
            assertEquals(shownFrom.intValue(), display.shownTick(), "tick " + tick + " of " + model.keySet());
            if (shownFrom == tick)
            {
                assertEquals(SnapshotDisplay.HELD, result);
                assertEquals(model.get(tick), out[0]);
            }
            else
            {
                final Integer next = model.higherKey(tick);
                if (next != null)
                {
                    // Blended towards the next tick held, or held across a gap longer than the blend limit (the
                    // shorter one from a state at rest).
                    final int limit = atRest(shownFrom) ? restLimit : SnapshotDisplayConfig.DEFAULT_MAX_BLEND_TICKS;
                    final boolean blends = next - shownFrom <= limit;
                    assertEquals(blends ? SnapshotDisplay.BLENDED : SnapshotDisplay.HELD, result);
                    assertEquals(blends ? next.intValue() : SnapshotDisplay.NO_TICK, display.shownTowardsTick());
                }
                else
                {
                    assertEquals(SnapshotDisplay.NO_TICK, display.shownTowardsTick());
                    if (atRest(shownFrom))
                    {
                        assertEquals(SnapshotDisplay.HELD, result, "at rest, nothing newer: never extrapolated");
                        assertEquals(model.get(shownFrom), out[0]);
                    }
                }
            }
        }
    }

    /** The model's states: every third tick at rest. */
    private static boolean atRest(final int tick)
    {
        return tick % 3 == 0;
    }
}
