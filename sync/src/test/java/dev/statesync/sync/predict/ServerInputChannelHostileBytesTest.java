package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import dev.statesync.codec.bits.BitReader;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Bytes from the network are hostile: random packets must never throw, must be counted, and must not change
 * what the server does with the honest client's inputs.
 */
class ServerInputChannelHostileBytesTest
{
    private final TestInputCodec codec = new TestInputCodec();

    @Property(tries = 300)
    void randomBytesNeverThrowAreCountedAndLeaveTheChannelUnchanged(
        @ForAll @Size(max = 20) final List<@Size(max = 40) byte[]> packets)
    {
        final ServerInputChannel<TestInput> attacked = honestChannel();
        final ServerInputChannel<TestInput> reference = honestChannel();
        final BitReader reader = new BitReader();

        long rejected = 0;
        for (final byte[] packet : packets)
        {
            final boolean accepted = attacked.onInputMessage(reader.wrap(new UnsafeBuffer(packet), 0, packet.length));
            if (!accepted)
            {
                rejected++;
            }
        }
        assertEquals(rejected, attacked.counter(ServerInputChannelCounters.MALFORMED_MESSAGES) + attacked.counter(ServerInputChannelCounters.REJECTED_MESSAGES));
        final boolean anyAccepted = attacked.counter(ServerInputChannelCounters.MESSAGES_ACCEPTED) > reference.counter(ServerInputChannelCounters.MESSAGES_ACCEPTED);

        for (int i = 0; i < 40; i++)
        {
            final int tickBefore = attacked.nextInputTick();
            final TestInput got = attacked.pollInput();
            final TestInput want = reference.pollInput();
            assertEquals(tickBefore, attacked.lastProcessedInputTick(), "one tick per poll, whatever was received");
            if (!anyAccepted)
            {
                assertTrue(codec.isSame(want, got), "tick " + attacked.lastProcessedInputTick());
            }
        }
    }

    private ServerInputChannel<TestInput> honestChannel()
    {
        final ServerInputChannel<TestInput> channel =
            new ServerInputChannel<>(new ServerInputChannelConfig().startDelayTicks(0), codec);
        final InputSender sender = new InputSender();
        channel.onInputMessage(sender.message(20, 21));
        channel.pollInput();
        return channel;
    }
}
