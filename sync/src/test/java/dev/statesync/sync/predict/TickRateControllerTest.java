package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntFunction;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.sync.sim.DatagramHandler;
import dev.statesync.sync.sim.NetworkSimulator;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Client and server on separate clocks that drift 1% apart, 100 ms round trip, 5% loss: without feedback the
 * server's input queue drains (held-still ticks and corrections) or grows (latency); with the slack reported in
 * state messages and a {@link TickRateController} it stays near the target.
 */
class TickRateControllerTest
{
    private static final long TICK_NS = 1_000_000_000L / 60;
    private static final long RUN_NS = 60_000_000_000L;

    @Test
    void shouldSpeedUpBelowTargetSlowDownAboveAndHoldInsideTheDeadBand()
    {
        final TickRateController controller = TickRateController.withDefaults();
        assertEquals(1.0, controller.rateScale(4));
        assertEquals(1.0, controller.rateScale(5));
        assertEquals(1.01, controller.rateScale(2), 1e-12);
        assertEquals(0.99, controller.rateScale(6), 1e-12);
        assertEquals(1.05, controller.rateScale(-40), 1e-12);
        assertEquals(0.95, controller.rateScale(63), 1e-12);
    }

    @Test
    void shouldScaleTheTickRateOfTheClock()
    {
        final TickClock clock = new TickClock(TICK_NS, 8);
        clock.rateScale(1.05);
        clock.advance(0);
        int ticks = 0;
        for (long now = TICK_NS; now <= 1_000_000_000L * 20; now += TICK_NS)
        {
            ticks += clock.advance(now);
        }
        assertEquals(1260, ticks, 1);
    }

    @Test
    void shouldKeepTheServerFedWhenTheClientClockRunsSlow()
    {
        final Result uncontrolled = run(0.99, false);
        final Result controlled = run(0.99, true);
        System.out.printf("client clock -1%%: uncontrolled missing=%d corrections=%d; controlled missing=%d corrections=%d " +
            "final slack=%d%n", uncontrolled.missing, uncontrolled.corrections, controlled.missing, controlled.corrections,
            controlled.finalSlack);
        assertTrue(uncontrolled.missing > 200, "without feedback the server starves: " + uncontrolled.missing);
        assertTrue(controlled.missing < 20, "with feedback it does not: " + controlled.missing);
        assertTrue(controlled.finalSlack >= 1 && controlled.finalSlack <= 6, "slack " + controlled.finalSlack);
    }

    @Test
    void shouldNotLetInputLatencyGrowWhenTheClientClockRunsFast()
    {
        final Result uncontrolled = run(1.01, false);
        final Result controlled = run(1.01, true);
        System.out.printf("client clock +1%%: uncontrolled final slack=%d; controlled final slack=%d missing=%d%n",
            uncontrolled.finalSlack, controlled.finalSlack, controlled.missing);
        assertTrue(uncontrolled.finalSlack > 20, "without feedback inputs queue up: " + uncontrolled.finalSlack);
        // Proportional control: a 1% drift settles one tick (drift / gain) beyond the dead band, +-1 of noise.
        assertTrue(controlled.finalSlack >= 2 && controlled.finalSlack <= 8, "slack " + controlled.finalSlack);
        assertTrue(controlled.missing < 20);
    }

    private static final class Result
    {
        long missing;
        long corrections;
        int finalSlack;
    }

    private static Result run(final double clientClockRate, final boolean controlled)
    {
        final PointPhysics physics = new PointPhysics();
        final PredictionClientConfig config = new PredictionClientConfig();
        final PredictionClient<PointState, TestInput> client = new PredictionClient<>(config,
            new StepFunctionWorld<>(physics, physics, config.bufferCapacity(), new PointState()),
            physics, new TestInputCodec(), physics);
        final ServerInputChannel<TestInput> channel =
            new ServerInputChannel<>(new ServerInputChannelConfig(), new TestInputCodec());
        final StepFunctionWorld<PointState, TestInput> serverWorld =
            new StepFunctionWorld<>(physics, physics, 2, new PointState());
        final NetworkSimulator network = Session.network(21, 50_000_000L, 0.05);
        final TickClock clientClock = new TickClock(TICK_NS, 8);
        final TickClock serverClock = new TickClock(TICK_NS, 8);
        final TickRateController controller = TickRateController.withDefaults();
        final IntFunction<TestInput> script = Scripts.walkAndJump();
        final StateMessage<PointState> stateMessage = new StateMessage<>(physics);
        final PointState serverState = new PointState();
        final byte[] bytes = new byte[256];
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        final BitWriter writer = new BitWriter();
        final BitReader reader = new BitReader();
        final DatagramHandler handler = (from, to, datagram, offset, length) ->
        {
            if (to == Session.CLIENT)
            {
                client.onStateMessage(reader.wrap(datagram, offset, length));
            }
            else
            {
                channel.onInputMessage(reader.wrap(datagram, offset, length));
            }
        };

        for (long nowNs = 0; nowNs < RUN_NS; nowNs += 1_000_000L)
        {
            network.poll(nowNs, handler);
            if (controlled)
            {
                clientClock.rateScale(controller.rateScale(client.serverInputSlackTicks()));
            }
            final int clientTicks = clientClock.advance((long)(nowNs * clientClockRate));
            for (int i = 0; i < clientTicks; i++)
            {
                client.tick(script.apply(client.currentTick()));
                if (client.writeInputMessage(writer.wrap(buffer, 0, bytes.length)) > 0)
                {
                    network.send(Session.CLIENT, Session.SERVER, buffer, 0, writer.bytesWritten(), nowNs);
                }
            }
            final int serverTicks = serverClock.advance(nowNs);
            for (int i = 0; i < serverTicks; i++)
            {
                final TestInput input = channel.pollInput();
                if (input != null)
                {
                    serverWorld.step(input);
                    serverWorld.readState(serverState);
                    stateMessage.set(channel.lastProcessedInputTick(), channel.inputSlackTicks(), serverState);
                    writer.wrap(buffer, 0, bytes.length);
                    stateMessage.serialize(writer);
                    network.send(Session.SERVER, Session.CLIENT, buffer, 0, writer.flush(), nowNs);
                }
            }
        }
        final Result result = new Result();
        result.missing = channel.counter(ServerInputChannelCounters.MISSING_INPUTS);
        result.corrections = client.corrections().count();
        result.finalSlack = channel.inputSlackTicks();
        return result;
    }
}
