package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The first message a channel accepts fixes the client tick it starts at; one it refuses must not. With a window
 * that demands messages reach ahead of the next tick (a negative {@code maxPastTicks}), a first message of one
 * input is refused as far past, and the channel must stay unstarted until one it accepts arrives.
 */
class RefusedFirstInputMessageTest
{
    @Test
    void shouldNotStartOnRefusedFirstMessage()
    {
        final ServerInputChannel<TestInput> channel = new ServerInputChannel<>(
            new ServerInputChannelConfig().maxPastTicks(-2).startDelayTicks(0), new TestInputCodec());
        final InputSender sender = new InputSender();
        final long digest = channel.stateDigest();

        assertFalse(channel.onInputMessage(sender.message(500, 1)));
        assertEquals(1, channel.rejectedMessages());
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
