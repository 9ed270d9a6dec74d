package dev.statesync.bench.scene;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class QuantizedChangeCounterTest
{
    private final ObjectStates states = new ObjectStates(3);
    private final QuantizedChangeCounter counter = new QuantizedChangeCounter(3);

    QuantizedChangeCounterTest()
    {
        states.count(3);
        for (int i = 0; i < 3; i++)
        {
            states.posX[i] = i;
            states.rotW[i] = 1f;
        }
    }

    @Test
    void shouldCountNothingOnFirstUpdateAndWhenNothingMoved()
    {
        assertEquals(0, counter.update(states));
        assertEquals(0, counter.update(states));
    }

    @Test
    void shouldIgnoreMovesWithinOnePositionQuantum()
    {
        counter.update(states);
        states.posX[1] += 0.25f / QuantizedChangeCounter.POSITION_UNITS_PER_M;
        states.linX[1] = 5f;

        assertEquals(0, counter.update(states));
    }

    @Test
    void shouldCountEachObjectWhosePositionOrRotationCrossedAQuantumOnce()
    {
        counter.update(states);
        states.posY[0] += 1f / QuantizedChangeCounter.POSITION_UNITS_PER_M;
        states.posZ[0] += 1f / QuantizedChangeCounter.POSITION_UNITS_PER_M;
        states.rotZ[2] = 2f / QuantizedChangeCounter.ROTATION_UNITS_PER_UNIT;

        assertEquals(2, counter.update(states));
        assertEquals(0, counter.update(states));
    }

    @Test
    void shouldCountA2dAngleChange()
    {
        counter.update(states);
        states.angle[1] = 2f / QuantizedChangeCounter.ANGLE_UNITS_PER_RAD;

        assertEquals(1, counter.update(states));
    }
}
