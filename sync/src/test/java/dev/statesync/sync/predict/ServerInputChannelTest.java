package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ServerInputChannelTest
{
    private final InputSender sender = new InputSender();
    private final TestInput expected = new TestInput();
    private final TestInputCodec codec = new TestInputCodec();

    private ServerInputChannel<TestInput> channel(final ServerInputChannelConfig config)
    {
        return new ServerInputChannel<>(config, codec);
    }

    @Test
    void shouldWaitTheStartDelayThenApplyFromTheFirstMessagesOldestTick()
    {
        final ServerInputChannel<TestInput> channel = channel(new ServerInputChannelConfig().startDelayTicks(2));
        assertNull(channel.pollInput(), "nothing received yet");
        assertTrue(channel.onInputMessage(sender.message(12, 3)));
        assertNull(channel.pollInput());
        assertNull(channel.pollInput());
        final TestInput applied = channel.pollInput();
        assertNotNull(applied);
        InputSender.scriptedInput(10, expected);
        assertTrue(codec.isSame(expected, applied));
        assertEquals(10, channel.lastProcessedInputTick());
    }

    @Test
    void shouldApplyEachTickOnceDespiteOverlappingRedundantMessages()
    {
        final ServerInputChannel<TestInput> channel = channel(new ServerInputChannelConfig().startDelayTicks(0));
        channel.onInputMessage(sender.message(4, 5));
        channel.onInputMessage(sender.message(5, 6));
        for (int t = 0; t < 3; t++)
        {
            final TestInput applied = channel.pollInput();
            InputSender.scriptedInput(t, expected);
            assertTrue(codec.isSame(expected, applied), "tick " + t);
        }
        channel.onInputMessage(sender.message(7, 8)); // repeats 0..2, already applied
        for (int t = 3; t < 8; t++)
        {
            final TestInput applied = channel.pollInput();
            InputSender.scriptedInput(t, expected);
            assertTrue(codec.isSame(expected, applied), "tick " + t);
            assertEquals(t, channel.lastProcessedInputTick());
        }
        assertEquals(8, channel.counter(ServerInputChannelCounters.INPUTS_APPLIED));
        assertEquals(0, channel.counter(ServerInputChannelCounters.MISSING_INPUTS));
    }

    @Test
    void shouldAdvanceExactlyOneTickPerPollHoweverManyInputsArrive()
    {
        final ServerInputChannel<TestInput> channel = channel(new ServerInputChannelConfig().startDelayTicks(0));
        channel.onInputMessage(sender.message(0, 1));
        channel.pollInput();
        assertTrue(channel.onInputMessage(sender.message(64, 64)));
        channel.pollInput();
        assertEquals(1, channel.lastProcessedInputTick(), "a flood of future inputs does not speed the object up");
    }

    @Test
    void shouldHoldStillForAMissingInputByDefaultAndStillAdvance()
    {
        final ServerInputChannel<TestInput> channel = channel(new ServerInputChannelConfig().startDelayTicks(0));
        channel.onInputMessage(sender.message(2, 1)); // tick 2: moveX = 1
        assertEquals(1, channel.pollInput().moveX);
        final TestInput applied = channel.pollInput(); // tick 3 never arrived
        assertEquals(0, applied.moveX);
        assertFalse(applied.jump);
        assertEquals(3, channel.lastProcessedInputTick(), "a silent client cannot stall its object");
        assertEquals(1, channel.counter(ServerInputChannelCounters.MISSING_INPUTS));
    }

    @Test
    void shouldRepeatTheLastInputForAMissingInputWhenConfigured()
    {
        final ServerInputChannel<TestInput> channel = channel(new ServerInputChannelConfig().startDelayTicks(0)
            .missingInputPolicy(MissingInputPolicy.REPEAT_LAST));
        channel.onInputMessage(sender.message(5, 1)); // tick 5: moveX = 1, jump = true
        channel.pollInput();
        final TestInput applied = channel.pollInput();
        assertEquals(1, applied.moveX);
        assertTrue(applied.jump);
        assertEquals(1, channel.counter(ServerInputChannelCounters.MISSING_INPUTS));
    }

    @Test
    void shouldRejectAndCountFarFutureInputs()
    {
        final ServerInputChannel<TestInput> channel = channel(new ServerInputChannelConfig().startDelayTicks(0)
            .maxFutureTicks(10));
        channel.onInputMessage(sender.message(0, 1));
        assertFalse(channel.onInputMessage(sender.message(40, 4)));
        assertEquals(4, channel.counter(ServerInputChannelCounters.FAR_FUTURE_INPUTS));
        assertTrue(channel.onInputMessage(sender.message(13, 6)), "partly inside the window: the inside is kept");
        assertEquals(7, channel.counter(ServerInputChannelCounters.FAR_FUTURE_INPUTS));
        assertEquals(0, channel.nextInputTick());
    }

    @Test
    void shouldRejectAndCountFarPastInputs()
    {
        final ServerInputChannel<TestInput> channel = channel(new ServerInputChannelConfig().startDelayTicks(0)
            .maxPastTicks(8));
        channel.onInputMessage(sender.message(100, 1));
        for (int i = 0; i < 20; i++)
        {
            channel.pollInput();
        }
        assertFalse(channel.onInputMessage(sender.message(105, 3)));
        assertEquals(3, channel.counter(ServerInputChannelCounters.FAR_PAST_INPUTS));
        assertTrue(channel.onInputMessage(sender.message(115, 3)), "just behind: redundancy, silently skipped");
        assertEquals(3, channel.counter(ServerInputChannelCounters.FAR_PAST_INPUTS));
    }

    @Test
    void shouldRejectTicksNearTheIntLimitsWithoutWrappingIntoTheWindow()
    {
        final ServerInputChannel<TestInput> channel = channel(new ServerInputChannelConfig().startDelayTicks(0));
        channel.onInputMessage(sender.message(0, 1));
        assertFalse(channel.onInputMessage(sender.message(Integer.MAX_VALUE, 64)));
        assertFalse(channel.onInputMessage(sender.message(Integer.MIN_VALUE + 10, 64)));
        assertEquals(128, channel.counter(ServerInputChannelCounters.FAR_FUTURE_INPUTS) + channel.counter(ServerInputChannelCounters.FAR_PAST_INPUTS));
        channel.pollInput();
        assertEquals(0, channel.lastProcessedInputTick());
    }
}
