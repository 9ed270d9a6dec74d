package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * A replica that lost the snapshot of the tick an object bounced still gets that tick's state from the next
 * packets (issue 13's collision inside a lost tick), and only for objects whose motion bent.
 */
class PreviousTickStatesTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int OBJECTS = 3;
    private static final int BOUNCE_TICK = 10;
    /** Holds only scratch space between calls, so both ends on this one thread may share it. */
    private static final LinearExtrapolationPredictor PREDICTOR = new LinearExtrapolationPredictor(true);

    /** Object 0 moves +x 40 units a tick and bounces back at tick 10; object 1 glides; object 2 rests. */
    private static void scene(final int tick, final QuantizedStates states)
    {
        final int bounced = tick <= BOUNCE_TICK ? 40 * tick : 40 * (2 * BOUNCE_TICK - tick);
        states.set(0, 0, bounced);
        states.set(0, SCHEMA.atRestOffset(), 0);
        states.set(1, 0, 1000 + 30 * tick);
        states.set(1, SCHEMA.atRestOffset(), 0);
    }

    private record Run(int[][] previousObjects, int[][] previousTicks, int[][][] previousStates, int[][] sent)
    {
    }

    /**
     * Send ticks 1..14, lose the snapshot of tick 10, ack each other one {@code ackDelayTicks} after it was sent (0:
     * at once); record what the receiver got.
     */
    private static Run run(final SnapshotConfig config, final int ackDelayTicks)
    {
        final SnapshotSender sender = new SnapshotSender(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA), config);
        final SnapshotReceiver receiver = new SnapshotReceiver(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA), config);
        final QuantizedStates states = new QuantizedStates(SCHEMA, OBJECTS);
        final byte[] bytes = new byte[4096];
        final int ticks = 14;
        final Run run = new Run(new int[ticks + 1][], new int[ticks + 1][], new int[ticks + 1][][], new int[ticks + 1][]);
        for (int tick = 1; tick <= ticks; tick++)
        {
            scene(tick, states);
            run.sent()[tick] = Arrays.copyOf(states.array(), states.array().length);
            final BitWriter writer = new BitWriter(new UnsafeBuffer(bytes), 0, bytes.length);
            sender.encode(tick, states, null, 0, Integer.MAX_VALUE, writer, tick);
            if (tick == BOUNCE_TICK)
            {
                continue;
            }
            assertEquals(DecodeResult.OK, receiver.decode(new BitReader().wrap(new UnsafeBuffer(bytes), 0, writer.bytesWritten()), tick));
            final int ackedTick = tick - ackDelayTicks;
            if (ackedTick >= 1 && ackedTick != BOUNCE_TICK)
            {
                sender.onAcked(ackedTick);
            }
            final int n = receiver.previousStateCount();
            run.previousObjects()[tick] = new int[n];
            run.previousTicks()[tick] = new int[n];
            run.previousStates()[tick] = new int[n][];
            final int stride = SCHEMA.stride();
            for (int k = 0; k < n; k++)
            {
                run.previousObjects()[tick][k] = receiver.previousStateObject(k);
                run.previousTicks()[tick][k] = receiver.previousStateTick(k);
                run.previousStates()[tick][k] = Arrays.copyOfRange(receiver.previousStates(), k * stride, k * stride + stride);
            }
        }
        return run;
    }

    @Test
    void shouldRepeatTheStateOfTheBounceTickInTheNextTwoPacketsForTheBouncingObjectOnly()
    {
        // Acks arrive 4 ticks late, as over a real link: neither packet after the bounce names a packet after it.
        final Run run = run(new SnapshotConfig(), 4);
        assertRepeatsTheBounce(run, BOUNCE_TICK + 1, true);
        assertRepeatsTheBounce(run, BOUNCE_TICK + 2, true);
        for (int tick = 1; tick < BOUNCE_TICK; tick++)
        {
            assertEquals(0, run.previousObjects()[tick].length, "straight motion is not repeated, tick " + tick);
        }
    }

    @Test
    void shouldNotRepeatTheBounceInAPacketThatNamesAPacketSentAfterIt()
    {
        // Acked at once: the packet of tick 12 names tick 11's, so a replica that applies it holds tick 11's
        // packet, which repeated the bounce; repeating it again would be bits for nothing.
        final Run run = run(new SnapshotConfig(), 0);
        assertRepeatsTheBounce(run, BOUNCE_TICK + 1, true);
        assertRepeatsTheBounce(run, BOUNCE_TICK + 2, false);
        assertEquals(0, run.previousObjects()[BOUNCE_TICK + 2].length, "nothing else either");
    }

    @Test
    void shouldNotRepeatTheBounceInAPacketThatNamesTheUnackedPreviousOne()
    {
        // Unacked references (one tick), acks 4 ticks late, nothing lost: packets alternate clean (odd ticks here)
        // and naming the packet before. The clean packet of tick 11 repeats the bounce; the one of tick 12 names
        // it, so it is refused by any replica that lacks tick 11's packet and needs no repeat of its own.
        final SnapshotConfig config = new SnapshotConfig().unackedReferenceMaxAgeTicks(1);
        final SnapshotSender sender = new SnapshotSender(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA), config);
        final SnapshotReceiver receiver = new SnapshotReceiver(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA), config);
        final QuantizedStates states = new QuantizedStates(SCHEMA, OBJECTS);
        final byte[] bytes = new byte[4096];
        final int[] repeated = new int[15];
        final long[] referencing = new long[15];
        for (int tick = 1; tick <= 14; tick++)
        {
            scene(tick, states);
            final long referencingBefore = sender.unackedReferencePackets();
            final BitWriter writer = new BitWriter(new UnsafeBuffer(bytes), 0, bytes.length);
            sender.encode(tick, states, null, 0, Integer.MAX_VALUE, writer, tick);
            referencing[tick] = sender.unackedReferencePackets() - referencingBefore;
            assertEquals(DecodeResult.OK, receiver.decode(new BitReader().wrap(new UnsafeBuffer(bytes), 0, writer.bytesWritten()), tick));
            repeated[tick] = receiver.previousStateCount();
            if (tick > 4)
            {
                sender.onAcked(tick - 4);
            }
        }
        assertEquals(0, referencing[BOUNCE_TICK + 1], "tick 11's packet is clean");
        assertEquals(1, referencing[BOUNCE_TICK + 2], "tick 12's packet names tick 11's");
        assertTrue(repeated[BOUNCE_TICK + 1] > 0, "the clean packet repeats the bounce");
        assertEquals(0, repeated[BOUNCE_TICK + 2], "the referencing packet repeats nothing");
    }

    private static void assertRepeatsTheBounce(final Run run, final int packet, final boolean expected)
    {
        final int stride = SCHEMA.stride();
        final int[] atBounce = Arrays.copyOfRange(run.sent()[BOUNCE_TICK], 0, stride);
        boolean found = false;
        for (int k = 0; k < run.previousObjects()[packet].length; k++)
        {
            assertEquals(0, run.previousObjects()[packet][k], "only the bouncing object is repeated, packet " + packet);
            if (run.previousTicks()[packet][k] == BOUNCE_TICK)
            {
                assertArrayEquals(atBounce, run.previousStates()[packet][k], "the exact state of the lost tick");
                found = true;
            }
        }
        assertEquals(expected, found, "packet " + packet + " repeats tick " + BOUNCE_TICK);
    }

    @Test
    void shouldRepeatStatesWithoutAllocatingInSteadyState()
    {
        final int objects = 64;
        final SnapshotConfig config = new SnapshotConfig().rangeCoded(true);
        final SnapshotSender sender = new SnapshotSender(
            SCHEMA, objects, new LinearExtrapolationPredictor(true), new ObjectCodec(SCHEMA), config);
        final SnapshotReceiver receiver = new SnapshotReceiver(
            SCHEMA, objects, new LinearExtrapolationPredictor(true), new ObjectCodec(SCHEMA), config);
        final QuantizedStates states = new QuantizedStates(SCHEMA, objects);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[16 * 1024]);
        final long[] previousSeen = new long[1];
        final java.util.function.IntConsumer ticks = tick ->
        {
            for (int i = 0; i < objects; i++)
            {
                // Bouncing between two walls every 10 ticks at 0.4 m a tick: a bend well above the threshold.
                final int phase = (tick + i) % 20;
                states.set(i, 0, (phase < 10 ? phase : 20 - phase) * 200 + i * 1024);
                states.set(i, SCHEMA.atRestOffset(), 0);
            }
            final int length = sender.encodeFramed(tick, states, null, 0, buffer, 0, buffer.capacity(), tick & 0xFFFF);
            // Every 17th snapshot is lost; the others are acked 6 ticks later.
            if (tick % 17 != 0)
            {
                assertEquals(DecodeResult.OK, receiver.decodeFramed(buffer, 0, length, tick & 0xFFFF));
                previousSeen[0] += receiver.previousStateCount();
            }
            if (tick > 6 && (tick - 6) % 17 != 0)
            {
                sender.onAcked((tick - 6) & 0xFFFF);
            }
        };
        // Warm up past 2,048 packets: there methods called once a packet reach the JVM's tier-3 compile threshold,
        // and the JVM's one-time work then allocated about 23.5 KB in this thread when the class ran alone
        // (SnapshotAllocationTest, results.md "JMH").
        for (int tick = 1; tick <= 2_500; tick++)
        {
            ticks.accept(tick);
        }
        // Four rounds of 500 snapshots; at least three must allocate (almost) nothing. Run alone, this class saw one
        // round of 12,160 bytes now and then, the same amount each time: the JVM's one-off work (a late compile or
        // deoptimization), which a sender or receiver allocating per packet would show in every round.
        final long[] allocatedPerRound = new long[4];
        for (int round = 0; round < allocatedPerRound.length; round++)
        {
            final long before = dev.statesync.codec.AllocationMeter.allocatedBytes();
            for (int tick = 2_501 + 500 * round; tick <= 3_000 + 500 * round; tick++)
            {
                ticks.accept(tick);
            }
            allocatedPerRound[round] = dev.statesync.codec.AllocationMeter.allocatedBytes() - before;
        }
        assertTrue(previousSeen[0] > 2000, "previous-tick states received: " + previousSeen[0]);
        int clean = 0;
        for (final long allocated : allocatedPerRound)
        {
            clean += allocated < 256 ? 1 : 0;
        }
        assertTrue(clean >= 3, "bytes allocated per 500 snapshots: " + java.util.Arrays.toString(allocatedPerRound));
    }

    @Test
    void shouldRepeatNothingWhenTurnedOff()
    {
        final Run run = run(new SnapshotConfig().previousStateBlendErrorM(Double.POSITIVE_INFINITY), 4);
        for (int tick = 1; tick < run.previousObjects().length; tick++)
        {
            if (run.previousObjects()[tick] != null)
            {
                assertEquals(0, run.previousObjects()[tick].length, "tick " + tick);
            }
        }
    }
}
