package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.bits.BitReader;

/**
 * The first message a channel accepts fixes the client tick it starts at; one it refuses must not. With valid
 * windows (never negative: the config refuses them, since a negative window could refuse a first message on
 * its own ticks) only a malformed first message is refused, and it must leave the channel unstarted.
 */
class RefusedFirstInputMessageTest
{
    @Test
    void shouldRefuseNegativeWindows()
    {
        assertThrows(IllegalArgumentException.class, () -> new ServerInputChannelConfig().maxPastTicks(-2));
        assertThrows(IllegalArgumentException.class, () -> new ServerInputChannelConfig().maxFutureTicks(-1));
    }

    @Test
    void shouldNotStartOnRefusedFirstMessage()
    {
        final ServerInputChannel<TestInput> channel = new ServerInputChannel<>(
            new ServerInputChannelConfig().startDelayTicks(0), new TestInputCodec());
        final InputSender sender = new InputSender();
        final long digest = channel.stateDigest();

        // Two bytes: shorter than any input message's header, so malformed.
        final byte[] bytes = { (byte)0xF4, 0x01 };
        assertFalse(channel.onInputMessage(new BitReader().wrap(new UnsafeBuffer(bytes), 0, bytes.length)));
        assertEquals(1, channel.counter(ServerInputChannelCounters.MALFORMED_MESSAGES));
        assertEquals(digest, channel.stateDigest());
        assertNull(channel.pollInput(), "a refused message started the channel");

        assertTrue(channel.onInputMessage(sender.message(42, 3)));
        final TestInput expected = new TestInput();
        InputSender.scriptedInput(40, expected);
        final TestInput applied = channel.pollInput();
        assertEquals(40, channel.lastProcessedInputTick());
        assertTrue(new TestInputCodec().isSame(expected, applied));
    }
}
