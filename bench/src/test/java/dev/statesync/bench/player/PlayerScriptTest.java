package dev.statesync.bench.player;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scripted player is a function of the seed and the tick, walks both ways, stops and jumps.
 */
class PlayerScriptTest
{
    @Test
    void shouldRepeatTheSameCommandsForTheSameSeedAndMixWalkingStoppingAndJumping()
    {
        final PlayerScript a = new PlayerScript(3);
        final PlayerScript b = new PlayerScript(3);
        int right = 0;
        int left = 0;
        int still = 0;
        int jumps = 0;
        for (int tick = 0; tick < 1200; tick++)
        {
            final PlayerCommand ca = a.commandFor(tick);
            final PlayerCommand cb = b.commandFor(tick);
            assertEquals(ca.moveX, cb.moveX);
            assertEquals(ca.jump, cb.jump);
            right += ca.moveX > 0 ? 1 : 0;
            left += ca.moveX < 0 ? 1 : 0;
            still += ca.moveX == 0 ? 1 : 0;
            jumps += ca.jump ? 1 : 0;
        }
        assertTrue(right > 200 && left > 200 && still > 20 && jumps > 10,
            "right " + right + " left " + left + " still " + still + " jumps " + jumps);
    }

    @Test
    void shouldRefuseTicksOutOfOrder()
    {
        final PlayerScript script = new PlayerScript(3);
        script.commandFor(0);
        assertThrows(IllegalArgumentException.class, () -> script.commandFor(2));
    }
}
