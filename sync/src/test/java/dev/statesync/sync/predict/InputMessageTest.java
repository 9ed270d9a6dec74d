package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class InputMessageTest
{
    private final TestInputCodec codec = new TestInputCodec();
    private final TickRing<TestInput> ring = new TickRing<>(64, TestInput::new);

    @Test
    void shouldRoundTripTicksAndInputs()
    {
        for (int t = 90; t <= 100; t++)
        {
            ring.at(t).set(t % 3 - 1, t % 2 == 0);
        }
        final InputMessage<TestInput> out = new InputMessage<>(codec);
        out.stage(ring, 100, 11);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        final BitWriter writer = new BitWriter(buffer, 0, 64);
        out.serialize(writer);
        final int length = writer.flush();

        final InputMessage<TestInput> in = new InputMessage<>(codec);
        assertTrue(in.read(new BitReader(buffer, 0, length)));
        assertEquals(100, in.newestTick());
        assertEquals(90, in.oldestTick());
        for (int i = 0; i < 11; i++)
        {
            assertTrue(codec.isSame(ring.at(90 + i), in.input(i)), "input " + i);
        }
    }

    @Test
    void shouldCostOneBitPerRepeatedInput()
    {
        for (int t = 0; t < 32; t++)
        {
            ring.at(t).set(1, false);
        }
        final InputMessage<TestInput> message = new InputMessage<>(codec);
        message.stage(ring, 31, 32);
        final BitMeasure measure = new BitMeasure();
        message.serialize(measure);
        assertEquals(32 + 6 + TestInputCodec.FULL_BITS + 31, measure.bits());
    }

    @Test
    void shouldRefuseTrailingBytes()
    {
        ring.at(5).set(0, true);
        final InputMessage<TestInput> out = new InputMessage<>(codec);
        out.stage(ring, 5, 1);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        final BitWriter writer = new BitWriter(buffer, 0, 64);
        out.serialize(writer);
        final int length = writer.flush();
        assertFalse(new InputMessage<>(codec).read(new BitReader(buffer, 0, length + 1)));
    }
}
