package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.snapshot.SnapshotDisplayConfig;

class DisplayReplayTest
{
    /** Below the display's 2 m/s at 60 Hz: never extrapolated. */
    private static final double SLOW_M_PER_TICK = 0.01;
    static final StateSchema SCHEMA = SchemaKind.SNAPSHOT.schema(true);
    static final SnapshotDisplayConfig DISPLAY = OracleBudgetBound.displayConfig(16, 9, 4);

    /** A path along x at {@code speed} metres per tick, never at rest, not rotating. */
    static ObjectPath straight(final int ticks, final double speed)
    {
        final ObjectPath path = ObjectPath.of(ticks);
        for (int t = 0; t < ticks; t++)
        {
            final int r = path.offset(t);
            path.records()[r] = (float)(speed * t);
            path.records()[r + 6] = 1;
            path.records()[r + 7] = (float)(speed * 60);
        }
        return path;
    }

    @Test
    void twoStatesOfAStraightPathAreBlendedWithoutError()
    {
        final ObjectPath path = straight(11, SLOW_M_PER_TICK);
        final DisplayReplay.Errors errors = new DisplayReplay.Errors(0.001);
        // State 10 arrives at wall tick 14, before display tick 1 is shown (1 + 13).
        new DisplayReplay(SCHEMA, DISPLAY, 13).replay(path, new int[] {0, 10}, new int[] {4, 14}, 2, 1, errors);
        assertEquals(10, errors.samples());
        assertEquals(0, errors.maxM(), 1e-6);
    }

    @Test
    void aLostStateLeavesTheOlderOneHeld()
    {
        final ObjectPath path = straight(11, SLOW_M_PER_TICK);
        final DisplayReplay.Errors errors = new DisplayReplay.Errors(0.055);
        new DisplayReplay(SCHEMA, DISPLAY, 6).replay(path, new int[] {0, 10}, new int[] {4, DisplayReplay.NEVER}, 2, 1, errors);
        // Tick s shows tick 0's position: s centimetres off, the largest at s = 10.
        assertEquals(0.10, errors.maxM(), 1e-6);
        assertEquals(5, errors.overTolerance());
    }

    @Test
    void aStateBlendsOnlyTheTicksShownAfterItArrives()
    {
        final ObjectPath path = straight(11, SLOW_M_PER_TICK);
        // State 10 arrives at wall tick 14. With a delay of 10 ticks display ticks 4..9 are shown after that and
        // blended; ticks 1..3 hold tick 0's position, at most 3 cm off.
        final DisplayReplay.Errors longDelay = new DisplayReplay.Errors(0.035);
        new DisplayReplay(SCHEMA, DISPLAY, 10).replay(path, new int[] {0, 10}, new int[] {4, 14}, 2, 1, longDelay);
        assertEquals(0.03, longDelay.maxM(), 1e-6);
        assertEquals(0, longDelay.overTolerance());
        // With 6 ticks only ticks 8 and 9 are: ticks 4..7 are held more than 3.5 cm off.
        final DisplayReplay.Errors shortDelay = new DisplayReplay.Errors(0.035);
        new DisplayReplay(SCHEMA, DISPLAY, 6).replay(path, new int[] {0, 10}, new int[] {4, 14}, 2, 1, shortDelay);
        assertEquals(0.07, shortDelay.maxM(), 1e-6);
        assertEquals(4, shortDelay.overTolerance());
    }

    @Test
    void aStateOlderThanOneHeldIsDroppedAsTheDisplayDoes()
    {
        final ObjectPath path = straight(11, SLOW_M_PER_TICK);
        final DisplayReplay.Errors errors = new DisplayReplay.Errors(0.055);
        // State 5 arrives after state 10: the display has moved on and drops it, so ticks 1..9 hold tick 0 until
        // state 10 arrives, and blend 0 -> 10 from then on.
        new DisplayReplay(SCHEMA, DISPLAY, 20).replay(path, new int[] {0, 5, 10}, new int[] {4, 30, 14}, 3, 1, errors);
        assertEquals(0, errors.maxM(), 1e-6);
        final DisplayReplay.Errors late = new DisplayReplay.Errors(0.055);
        new DisplayReplay(SCHEMA, DISPLAY, 6).replay(path, new int[] {0, 5, 10}, new int[] {4, 30, 14}, 3, 1, late);
        assertEquals(0.07, late.maxM(), 1e-6);
    }

    @Test
    void anUnheldObjectIsCountedNotMeasured()
    {
        final ObjectPath path = straight(5, SLOW_M_PER_TICK);
        final DisplayReplay.Errors errors = new DisplayReplay.Errors(0.05);
        new DisplayReplay(SCHEMA, DISPLAY, 6).replay(path, new int[] {2}, new int[] {20}, 1, 0, errors);
        assertEquals(5, errors.unheld());
        assertEquals(0, errors.samples());
    }
}
