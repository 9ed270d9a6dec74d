package dev.statesync.bench.player;

import java.util.SplittableRandom;

/**
 * The scripted player, a deterministic function of the seed and the tick: long walks that alternate between
 * heading right and heading left (so the player ploughs through the crate stacks on both sides and into the
 * walls), broken by short stops and reversals, with jumps now and then. Segments are drawn from a seeded
 * generator in tick order, so inputs must be asked for tick by tick, as a game samples its controls.
 */
public final class PlayerScript
{
    /** Ticks of one heading: right for this long, then left for this long. */
    public static final int HEADING_TICKS = 300;

    /** Shortest segment of one command, ticks. */
    public static final int MIN_SEGMENT_TICKS = 15;

    /** Longest segment of one command, ticks. */
    public static final int MAX_SEGMENT_TICKS = 90;

    /** Chance that a segment walks the heading's way; the rest is split between stopping and reversing. */
    public static final double WALK_CHANCE = 0.7;

    /** Chance per tick of pressing jump (held for {@link #JUMP_HOLD_TICKS}). */
    public static final double JUMP_CHANCE_PER_TICK = 1.0 / 60.0;

    /** Ticks a jump press is held. */
    public static final int JUMP_HOLD_TICKS = 3;

    private final SplittableRandom random;
    private final PlayerCommand command = new PlayerCommand();
    private int nextTick;
    private int segmentEndTick;
    private int segmentMoveSign;
    private int jumpHeldUntilTick;

    /**
     * @param seed seeds segment lengths, stops, reversals and jumps.
     */
    public PlayerScript(final long seed)
    {
        random = new SplittableRandom(seed);
    }

    /**
     * @param tick the next tick, one more than the previous call's (starting at 0).
     * @return the command for that tick; owned by the script and overwritten by the next call.
     */
    public PlayerCommand commandFor(final int tick)
    {
        if (tick != nextTick)
        {
            throw new IllegalArgumentException("ticks must be asked in order: expected " + nextTick + ", got " + tick);
        }
        nextTick++;
        if (tick >= segmentEndTick)
        {
            segmentEndTick = tick + MIN_SEGMENT_TICKS + random.nextInt(MAX_SEGMENT_TICKS - MIN_SEGMENT_TICKS + 1);
            final double draw = random.nextDouble();
            segmentMoveSign = draw < WALK_CHANCE ? 1 : draw < WALK_CHANCE + 0.5 * (1.0 - WALK_CHANCE) ? 0 : -1;
        }
        if (random.nextDouble() < JUMP_CHANCE_PER_TICK)
        {
            jumpHeldUntilTick = tick + JUMP_HOLD_TICKS;
        }
        final int heading = (tick / HEADING_TICKS) % 2 == 0 ? 1 : -1;
        return command.set(heading * segmentMoveSign, tick < jumpHeldUntilTick);
    }
}
