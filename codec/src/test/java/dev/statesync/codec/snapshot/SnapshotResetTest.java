package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.statesync.codec.AllocationMeter;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.predict.BallisticPredictor;
import dev.statesync.codec.predict.CheapestOfPredictor;
import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.IntegratorModel;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * {@link SnapshotSender#reset()} and {@link SnapshotReceiver#reset()} serve a new connection exactly as new ones
 * would, allocating nothing: a pair dirtied by a lossy session (acks, resends, old baselines, coder models, fitted
 * budgets, previous-tick states) and then reset must write the same bytes, decode to the same states and reach the
 * same digests as a newly built pair, packet for packet, on the same input; and the resets allocate 0 bytes.
 */
class SnapshotResetTest
{
    private static final int OBJECTS = 200;
    private static final int DIRTY_TICKS = 240;
    private static final int COMPARED_TICKS = 300;
    private static final int ACK_DELAY = 4;
    private static final int CAPACITY_BYTES = 300;

    private final StateSchema schema = StateSchema.highPrecision3d();
    private final Predictor predictor = new CheapestOfPredictor(HoldPredictor.INSTANCE,
        new BallisticPredictor(schema, IntegratorModel.ode(-20, 0.01, 0.01, 0.01, 0.01, 60), true));

    @ParameterizedTest
    @ValueSource(booleans = { false, true })
    void aResetPairShouldBehaveExactlyAsANewPairAndAllocateNothing(final boolean rangeCoded)
    {
        final SnapshotConfig config = new SnapshotConfig().rangeCoded(rangeCoded);
        final Pair reused = new Pair(config);
        final Pair fresh = new Pair(config);
        final long freshSender = fresh.sender.stateDigest();
        final long freshReceiver = fresh.receiver.stateDigest();

        // Dirty the reused pair with another connection: other states, losses, late acks, a binding budget.
        final Session dirty = new Session(99);
        for (int tick = 1; tick <= DIRTY_TICKS; tick++)
        {
            dirty.step(tick);
            reused.exchange(tick, tick, dirty, rangeCoded);
        }
        assertTrue(reused.sender.objectsSent() > 0 && reused.receiver.packetsApplied() > 0);
        assertTrue(reused.sender.stateDigest() != freshSender, "the session changed the sender");

        // Once to warm up, then measured: resetting allocates nothing.
        reused.sender.reset();
        reused.receiver.reset();
        final long before = AllocationMeter.allocatedBytes();
        reused.sender.reset();
        reused.receiver.reset();
        final long allocated = AllocationMeter.allocatedBytes() - before;
        assertEquals(0, allocated, "bytes allocated by reset");
        // The old connection's acks in flight are gone with it.
        Arrays.fill(reused.ackDue, -1);
        assertEquals(freshSender, reused.sender.stateDigest(), "sender digest after reset");
        assertEquals(freshReceiver, reused.receiver.stateDigest(), "receiver digest after reset");
        assertEquals(0, reused.sender.objectsSent());
        assertEquals(0, reused.receiver.packetsApplied());

        // The new connection: same input to both pairs; the world's ticks go on (as a server's do), the new
        // connection's packet sequences start again at 0.
        final Session a = new Session(7);
        final Session b = new Session(7);
        long bytesCompared = 0;
        for (int k = 0; k < COMPARED_TICKS; k++)
        {
            final int tick = DIRTY_TICKS + 1 + k;
            a.step(tick);
            b.step(tick);
            final byte[] reusedBytes = reused.exchange(tick, k, a, rangeCoded);
            final byte[] freshBytes = fresh.exchange(tick, k, b, rangeCoded);
            assertArrayEquals(freshBytes, reusedBytes, "packet of tick " + tick);
            assertEquals(fresh.lastResult, reused.lastResult, "decode result of tick " + tick);
            assertEquals(fresh.sender.stateDigest(), reused.sender.stateDigest(), "sender at tick " + tick);
            assertEquals(fresh.receiver.stateDigest(), reused.receiver.stateDigest(), "receiver at tick " + tick);
            bytesCompared += freshBytes.length;
        }
        assertEquals(fresh.sender.objectsSent(), reused.sender.objectsSent());
        assertEquals(fresh.sender.previousStatesSent(), reused.sender.previousStatesSent());
        assertEquals(fresh.sender.timeoutResends(), reused.sender.timeoutResends());
        assertEquals(fresh.receiver.baselineMisses(), reused.receiver.baselineMisses());
        assertTrue(Arrays.equals(fresh.receiver.states().array(), reused.receiver.states().array()));
        assertTrue(bytesCompared > COMPARED_TICKS * 20L, "bytes compared " + bytesCompared);
        assertTrue(fresh.receiver.packetsApplied() > COMPARED_TICKS / 2);
    }

    /** The world of one connection: a third of the objects slide and spin; a seeded link loses one packet in ten. */
    private final class Session
    {
        final QuantizedStates states = new QuantizedStates(schema, OBJECTS);
        final SplittableRandom random;
        final int phaseOffset;

        Session(final long seed)
        {
            random = new SplittableRandom(seed);
            phaseOffset = random.nextInt(120);
            for (int i = 0; i < OBJECTS; i++)
            {
                states.set(i, 0, random.nextInt(0, 4000));
                states.set(i, schema.atRestOffset(), i % 3 == 0 ? 0 : 1);
            }
        }

        void step(final int tick)
        {
            for (int i = 0; i < OBJECTS; i += 3)
            {
                final int phase = (tick + i + phaseOffset) % 120;
                states.set(i, 0, (phase < 60 ? phase : 120 - phase) * 40 + random.nextInt(0, 3));
                states.set(i, schema.linearOffset(), phase < 60 ? 40 : -40);
                states.set(i, schema.angularOffset() + 2, 300);
            }
        }

        boolean lost()
        {
            return random.nextInt(10) == 0;
        }
    }

    /** A sender and a receiver on one link: each snapshot is lost or decoded, and acked {@link #ACK_DELAY} ticks on. */
    private final class Pair
    {
        final SnapshotSender sender;
        final SnapshotReceiver receiver;
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[16 * 1024]);
        final BitWriter writer = new BitWriter();
        final BitReader reader = new BitReader();
        final int[] ackDue = new int[ACK_DELAY + 1];
        DecodeResult lastResult;

        Pair(final SnapshotConfig config)
        {
            sender = new SnapshotSender(schema, OBJECTS, predictor, new ObjectCodec(schema), config);
            receiver = new SnapshotReceiver(schema, OBJECTS, predictor, new ObjectCodec(schema), config);
            Arrays.fill(ackDue, -1);
        }

        byte[] exchange(final int tick, final int packet, final Session session, final boolean framed)
        {
            final int sequence = packet & 0xFFFF;
            final int length;
            // Every third tick unbudgeted, else a budget that binds (fitted, for range-coded frames).
            final int capacity = packet % 3 == 0 ? buffer.capacity() : CAPACITY_BYTES;
            if (framed)
            {
                length = sender.encodeFramed(tick, session.states, null, 0, buffer, 0, capacity, sequence);
            }
            else
            {
                writer.wrap(buffer, 0, capacity);
                sender.encode(tick, session.states, null, 0, capacity * 8, writer, sequence);
                length = writer.bytesWritten();
            }
            final byte[] bytes = new byte[length];
            buffer.getBytes(0, bytes);
            final int slot = packet % ackDue.length;
            final int due = ackDue[slot];
            if (due >= 0)
            {
                sender.onAcked(due);
                ackDue[slot] = -1;
            }
            if (session.lost())
            {
                lastResult = null;
                return bytes;
            }
            if (framed)
            {
                lastResult = receiver.decodeFramed(buffer, 0, length, sequence);
            }
            else
            {
                reader.wrap(buffer, 0, length);
                lastResult = receiver.decode(reader, sequence);
            }
            if (lastResult == DecodeResult.OK)
            {
                ackDue[slot] = sequence;
            }
            return bytes;
        }
    }
}
