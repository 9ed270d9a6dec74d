package dev.statesync.sync.predict;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import org.agrona.concurrent.UnsafeBuffer;

/** Builds input messages for server tests as a client (honest or not) would. */
final class InputSender
{
    final TickRing<TestInput> ring = new TickRing<>(1024, TestInput::new);
    private final InputMessage<TestInput> message = new InputMessage<>(new TestInputCodec());
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[512]);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();

    /** Input of tick t: moveX = t mod 3 - 1, jump on every 5th tick. */
    static void scriptedInput(final int tick, final TestInput input)
    {
        input.set(Math.floorMod(tick, 3) - 1, Math.floorMod(tick, 5) == 0);
    }

    /** @return a reader over a message carrying the scripted inputs of [newestTick - count + 1, newestTick]. */
    BitReader message(final int newestTick, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            final int tick = newestTick - count + 1 + i;
            scriptedInput(tick, ring.at(tick));
        }
        message.stage(ring, newestTick, count);
        writer.wrap(buffer, 0, 512);
        message.serialize(writer);
        final int length = writer.flush();
        return reader.wrap(buffer, 0, length);
    }
}
