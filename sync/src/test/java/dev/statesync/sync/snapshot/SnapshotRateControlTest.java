package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.priority.ErrorPriorityConfig;
import dev.statesync.codec.priority.ErrorPriorityPolicy;
import dev.statesync.codec.snapshot.ObjectCodec;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.ReliableEndpoint;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;

/** The parts of {@link SnapshotRateControl} that need no link: payload budgets, intervals, fixed factors, reset. */
class SnapshotRateControlTest
{
    private static final int OBJECTS = 4;
    private final StateSchema schema = StateSchema.fiedler3d();

    @Test
    void aSnapshotShouldGetTheBudgetsBytesOfItsTicksLessOnePacketsFraming()
    {
        final SnapshotRateControlConfig config = new SnapshotRateControlConfig().budgetBitsPerSecond(128_000);
        final int framing = SnapshotRateControlConfig.IP_UDP_HEADER_BYTES +
            SnapshotRateControlConfig.RELIABLE_HEADER_MAX_BYTES + SnapshotRateControlConfig.DEFAULT_INTEGRITY_TAG_BYTES;
        for (int interval = 1; interval <= 4; interval++)
        {
            final int perInterval = (int)Math.floor(128_000 / 8.0 / 60 * interval);
            assertEquals(perInterval - framing, config.payloadBytesPerSnapshot(interval), "interval " + interval);
        }
        assertEquals(config.payloadBytesPerSnapshot(4), config.capacityPayloadBytes());
        assertEquals(config.payloadBytesPerSnapshot(1) + 8,
            new SnapshotRateControlConfig().budgetBitsPerSecond(128_000).integrityTagBytes(0).payloadBytesPerSnapshot(1),
            "an unauthenticated link's snapshot keeps the tag's bytes");
        assertEquals(SnapshotRateControlConfig.MIN_PAYLOAD_BYTES,
            new SnapshotRateControlConfig().budgetBitsPerSecond(20_000).payloadBytesPerSnapshot(1), "never below 16");
        assertEquals(SnapshotRateControlConfig.DEFAULT_MAX_PAYLOAD_BYTES,
            new SnapshotRateControlConfig().payloadBytesPerSnapshot(1), "unbudgeted: the largest");
        assertThrows(IllegalArgumentException.class, () -> new SnapshotRateControlConfig().budgetBitsPerSecond(-1));
    }

    @Test
    void rateDistortionOffShouldMeanFixedFactorsEveryTick()
    {
        final SnapshotRateControl on = new SnapshotRateControl(OBJECTS, true,
            new SnapshotRateControlConfig().budgetBitsPerSecond(64_000));
        assertTrue(on.errorPriority() && on.automaticInterval());
        final SnapshotRateControl off = new SnapshotRateControl(OBJECTS, true,
            new SnapshotRateControlConfig().budgetBitsPerSecond(64_000).rateDistortion(false));
        assertFalse(off.errorPriority() || off.automaticInterval());
        assertEquals(1, off.intervalTicks());
        final SnapshotRateControl unbudgeted = new SnapshotRateControl(OBJECTS, true, new SnapshotRateControlConfig());
        assertNull(unbudgeted.priorities(), "no budget, no priorities: every changed object in index order");
        assertFalse(unbudgeted.errorPriority() || unbudgeted.automaticInterval());
    }

    @Test
    void aFixedIntervalShouldSendEveryNthTickAndAResetShouldSendAtOnce()
    {
        final SnapshotRateControl control = new SnapshotRateControl(OBJECTS, true,
            new SnapshotRateControlConfig().sendIntervalTicks(3));
        final SnapshotAuthority authority = attachedAuthority(control);
        final QuantizedStates states = new QuantizedStates(schema, OBJECTS);
        final StringBuilder pattern = new StringBuilder();
        for (int tick = 5; tick <= 12; tick++)
        {
            if (control.sendDue(tick))
            {
                control.send(authority, tick, states, tick * 1_000_000L);
                pattern.append('s');
            }
            else
            {
                control.skip();
                pattern.append('.');
            }
        }
        assertEquals("s..s..s.", pattern.toString(), "the first tick at once, then every third");
        assertEquals(3, control.snapshotsSent());
        control.reset();
        assertEquals(0, control.snapshotsSent());
        assertTrue(control.sendDue(13), "a new connection gets a snapshot at once");
    }

    @Test
    void fixedFactorsShouldRankTheImportantObjectThenChangedOnesThenTheRest()
    {
        final SnapshotRateControl control = new SnapshotRateControl(OBJECTS, true,
            new SnapshotRateControlConfig().budgetBitsPerSecond(64_000).rateDistortion(false));
        control.importantObject(3);
        final SnapshotSender sender = new SnapshotSender(schema, OBJECTS, HoldPredictor.INSTANCE, new ObjectCodec(schema),
            new SnapshotConfig());
        final QuantizedStates previous = new QuantizedStates(schema, OBJECTS);
        final QuantizedStates current = new QuantizedStates(schema, OBJECTS);
        current.set(1, 0, 7);
        control.prioritize(2, sender, current, previous);
        control.skip();
        assertEquals(SnapshotRateControl.IMPORTANT_FACTOR, control.priorities().accumulator(3));
        assertEquals(SnapshotRateControl.CHANGED_FACTOR, control.priorities().accumulator(1));
        assertEquals(SnapshotRateControl.OTHER_FACTOR, control.priorities().accumulator(0));
        control.prioritize(3, sender, current, null);
        control.skip();
        assertEquals(SnapshotRateControl.OTHER_FACTOR + SnapshotRateControl.CHANGED_FACTOR,
            control.priorities().accumulator(0), "no previous tick: every object counts as changed");
    }

    /**
     * Corner repeats: an object whose path bent since the state the replica holds gets the bonus on its factor, on
     * every tick, sent or skipped, the rate control having shown the sender the tick; the others keep their factors.
     * Without corner repeats nothing changes.
     */
    @Test
    void anObjectThatWantsACornerRepeatShouldGoFirst()
    {
        final StateSchema snapshot = StateSchema.snapshot3d();
        for (final boolean corners : new boolean[] {true, false})
        {
            final SnapshotRateControl control = new SnapshotRateControl(OBJECTS, true,
                new SnapshotRateControlConfig().budgetBitsPerSecond(64_000).rateDistortion(false));
            final SnapshotSender sender = new SnapshotSender(snapshot, OBJECTS, HoldPredictor.INSTANCE,
                new ObjectCodec(snapshot), new SnapshotConfig().rangeCoded(true).cornerRepeatMaxAgeTicks(corners ? 20 : 0));
            assertEquals(corners, sender.cornerRepeats());
            final QuantizedStates states = new QuantizedStates(snapshot, OBJECTS);
            final byte[] bytes = new byte[4096];
            // Tick 0: every object sent and acked at rest.
            control.prioritize(0, sender, states, null);
            sender.encodeFramed(0, states, null, OBJECTS, new org.agrona.concurrent.UnsafeBuffer(bytes), 0,
                bytes.length, 0);
            sender.onAcked(0);
            // Object 1 rests until tick 5, then moves 0.5 m a tick along x (no packet in between).
            QuantizedStates previous = states;
            for (int tick = 1; tick <= 8; tick++)
            {
                final QuantizedStates current = new QuantizedStates(snapshot, OBJECTS);
                current.copyFrom(states);
                current.set(1, 0, tick <= 5 ? 0 : (tick - 5) * snapshot.positionUnitsPerMetre() / 2);
                control.prioritize(tick, sender, current, previous);
                control.skip();
                previous = current;
            }
            assertEquals(corners, sender.wantsCornerRepeat(1, 8));
            assertEquals(SnapshotRateControl.CHANGED_FACTOR + (corners ? SnapshotRateControl.CORNER_REPEAT_BONUS : 0),
                control.priorities().priorityFactor(1), "object 1: its factor plus the bonus");
            assertTrue(control.priorities().accumulator(2) < SnapshotRateControl.CHANGED_FACTOR, "object 2 unchanged");
            assertEquals(corners ? 3 : 0, control.cornerRepeatObjects(), "ticks 6-8: bent since the held tick 0");
        }
    }

    @Test
    void theLossWindowShouldBeTheRoundTripInWholeTicks()
    {
        final SnapshotRateControlConfig config = new SnapshotRateControlConfig();
        assertEquals(7, config.roundTripTicks(113), "the default link's measured 113 ms");
        assertEquals(6, config.roundTripTicks(100));
        assertEquals(1, config.roundTripTicks(0), "never below one tick");
        assertThrows(IllegalArgumentException.class, () -> config.roundTripTicks(-1));
        assertThrows(IllegalArgumentException.class, () -> config.roundTripTicks(Double.NaN));
    }

    private SnapshotAuthority attachedAuthority(final SnapshotRateControl control)
    {
        final SnapshotLinkConfig link = new SnapshotLinkConfig().payloadBudgetBytes(1200);
        return SnapshotAuthority.withEndpoint(schema, OBJECTS, HoldPredictor.INSTANCE, control.priorities(), link,
            (buffer, offset, length) -> { }, 0);
    }

    @Test
    void theInFlightWindowShouldBeTheRoundTripAndTwiceItsJitterPlusTwoTicks()
    {
        final SnapshotRateControlConfig config = new SnapshotRateControlConfig();
        assertEquals(10, config.inFlightTicks(100, 10), "the default link: ceil(120 ms / 16.7 ms) + 2");
        assertEquals(2, config.inFlightTicks(0, 0));
        assertEquals(20, config.inFlightTicks(300, 0), "300 ms is 18 ticks exactly");
        assertEquals(9, new SnapshotRateControlConfig().tickRateHz(30).inFlightTicks(200, 10));
        assertThrows(IllegalArgumentException.class, () -> config.inFlightTicks(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> config.inFlightTicks(100, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> config.inFlightTicks(Double.POSITIVE_INFINITY, 0));
    }

    /**
     * A client 300 ms away: error priority must stop taking every send older than the configured 100 ms window as
     * lost once the reliability layer has measured the round trip, unless told to keep the configured window; and a
     * reset (a new connection) starts from the configured window again.
     */
    @Test
    void errorPriorityShouldTrustSendsForTheMeasuredRoundTrip()
    {
        final int configuredTicks = 8;
        for (final boolean measured : new boolean[] {true, false})
        {
            final SnapshotRateControlConfig config = new SnapshotRateControlConfig().budgetBitsPerSecond(64_000)
                .errorPriorityConfig(new ErrorPriorityConfig().inFlightTicks(configuredTicks))
                .inFlightFromRoundTrip(measured);
            final SnapshotRateControl control = new SnapshotRateControl(OBJECTS, true, config);
            final ErrorPriorityPolicy policy = control.errorPolicy();
            final NetworkSimulator network = new NetworkSimulator(new NetworkSimulatorConfig().latencyMs(150).seed(3));
            final long tickNs = 1_000_000_000L / 60;
            final SnapshotLinkConfig link = new SnapshotLinkConfig().payloadBudgetBytes(config.capacityPayloadBytes());
            final long[] now = new long[1];
            final SnapshotAuthority authority = SnapshotAuthority.withEndpoint(schema, OBJECTS, HoldPredictor.INSTANCE,
                control.priorities(), link, (buffer, offset, length) -> network.send(0, 1, buffer, offset, length, now[0]),
                0);
            final SnapshotReplica replica = SnapshotReplica.withEndpoint(schema, OBJECTS, HoldPredictor.INSTANCE, link,
                (buffer, offset, length) -> network.send(1, 0, buffer, offset, length, now[0]), 0);
            final QuantizedStates states = new QuantizedStates(schema, OBJECTS);
            final float[] poses = new float[OBJECTS * ErrorPriorityPolicy.POSE_FLOATS_3D];
            boolean sampledBeforeFirstAck = false;
            for (int tick = 1; tick <= 120; tick++)
            {
                now[0] = tick * tickNs;
                network.poll(now[0], (from, to, buffer, offset, length) ->
                {
                    if (to == 1)
                    {
                        replica.receiveDatagram(buffer, offset, length, now[0]);
                    }
                    else
                    {
                        authority.receiveDatagram(buffer, offset, length, now[0]);
                    }
                });
                for (int i = 0; i < OBJECTS; i++)
                {
                    states.set(i, 0, tick * (i + 1));
                    poses[i * ErrorPriorityPolicy.POSE_FLOATS_3D] = tick * 0.01f * (i + 1);
                    poses[i * ErrorPriorityPolicy.POSE_FLOATS_3D + 6] = 1f;
                }
                control.observe(poses, ErrorPriorityPolicy.POSE_FLOATS_3D);
                control.prioritize(tick, authority.sender(), states, null);
                if (control.sendDue(tick))
                {
                    control.send(authority, tick, states, now[0]);
                    control.onWire(authority, authority.lastPayloadBytes());
                }
                else
                {
                    control.skip();
                }
                if (authority.endpoint().rttMs() == 0)
                {
                    sampledBeforeFirstAck = true;
                    assertEquals(configuredTicks, policy.inFlightTicks(), "no RTT sample yet: the configured window");
                }
                replica.sendAcks(now[0]);
                authority.update(now[0]);
                replica.update(now[0]);
            }
            final ReliableEndpoint endpoint = authority.endpoint();
            assertTrue(sampledBeforeFirstAck && endpoint.rttMs() >= 290, "measured RTT " + endpoint.rttMs() + " ms");
            if (measured)
            {
                assertEquals(config.inFlightTicks(endpoint.rttMs(), endpoint.jitterMs()), policy.inFlightTicks());
                assertTrue(policy.inFlightTicks() >= 20, "300 ms is 18 ticks, plus the margin");
            }
            else
            {
                assertEquals(configuredTicks, policy.inFlightTicks(), "kept as configured");
            }
            control.reset();
            assertEquals(configuredTicks, policy.inFlightTicks(), "a new connection starts from the configured window");
        }
    }
}
