package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class SnapshotRoundTripTest
{
    /** Long enough for every object, at 40% loss, 20% ack loss and the tightest budget, to be delivered. */
    private static final int SETTLE_TICKS = 600;
    /** Fits the largest test schema's absolute object (~210 bits) and a 31-entry baseline table (~600 bits). */
    private static final int SETTLE_MIN_BUDGET_BYTES = 128;

    private static Predictor predictor(final int which)
    {
        return switch (which)
        {
            case 0 -> HoldPredictor.INSTANCE;
            case 1 -> new LinearExtrapolationPredictor(false);
            case 2 -> new LinearExtrapolationPredictor(true);
            default -> new LinearExtrapolationPredictor(LinearExtrapolationPredictor.Rotation.QUATERNION);
        };
    }

    @Property(tries = 150)
    void receiverEqualsSenderForEveryObjectReceivedUnderLossReorderAndBudgets(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(max = 3) final int predictorIndex,
        @ForAll @IntRange(min = 1, max = 60) final int objectCount,
        @ForAll @IntRange(max = 40) final int lossPercent,
        @ForAll @IntRange(max = 8) final int maxDelayTicks,
        @ForAll @IntRange(max = 400) final int budgetBytes,
        @ForAll final boolean rangeCoded,
        @ForAll final long seed)
    {
        final SnapshotLinkSimulation link = new SnapshotLinkSimulation(
            RandomStates.schema(schemaIndex), objectCount, predictor(predictorIndex), seed, 16, rangeCoded);
        final int budget = budgetBytes == 0 ? 0 : budgetBytes + 16;
        link.run(150, lossPercent / 100.0, maxDelayTicks, budget, 1000);
        // Everything stops: final states whose packets were all lost arrive by the resend timeout. A budget
        // that cannot carry one absolute object next to a full baseline table would starve objects whatever
        // the resend policy, so settling uses at least SETTLE_MIN_BUDGET_BYTES.
        link.settle(SETTLE_TICKS, lossPercent / 100.0, maxDelayTicks,
            budget == 0 ? 0 : Math.max(budget, SETTLE_MIN_BUDGET_BYTES), 1150);

        assertEquals(0, link.receiver.baselineMisses());
        assertEquals(0, link.receiver.malformedPackets());
        assertEquals(0, link.objectsOutOfSync(), "objects not at their final state after settling");
    }

    @Example
    void successiveOldBaselinesEachKeepTheirRingSlotSafeFromReorderedPackets()
    {
        // Found by the property above: an object skipped for a while (tiny budget) was coded against an old
        // baseline, then against a second old one; a reordered later packet evicted the first from its slot.
        final SnapshotLinkSimulation link = new SnapshotLinkSimulation(
            StateSchema.snapshot3d(), 14, HoldPredictor.INSTANCE, 2, 16);
        link.run(150, 0, 7, 68, 1000);

        assertEquals(0, link.receiver.baselineMisses());
        assertTrue(link.sender.deferredObjects() > 0, "the scenario exercises the deferral");
    }

    @Example
    void ticksAndSequencesWrapWithoutBaselineMisses()
    {
        final SnapshotLinkSimulation link = new SnapshotLinkSimulation(
            StateSchema.fiedler3d(), 40, new LinearExtrapolationPredictor(false), 42, 64);
        link.run(2000, 0.25, 6, 0, Integer.MAX_VALUE - 1000);

        assertEquals(0, link.receiver.baselineMisses());
        assertTrue(link.objectsChecked > 10_000, "checked " + link.objectsChecked);
    }

    @Example
    void unchangedAckedObjectsAreNotSentAgain()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final SnapshotSender sender = new SnapshotSender(schema, 10, HoldPredictor.INSTANCE, new ObjectCodec(schema),
            new SnapshotConfig());
        final QuantizedStates states = new QuantizedStates(schema, 10);
        final BitWriter writer = new BitWriter(new UnsafeBuffer(new byte[4096]), 0, 4096);
        assertEquals(10, sender.encode(1, states, null, 0, Integer.MAX_VALUE, writer, 1));
        writer.reset();
        assertEquals(10, sender.encode(2, states, null, 0, Integer.MAX_VALUE, writer, 2), "not acked yet: resend");
        sender.onAcked(1);
        writer.reset();
        assertEquals(0, sender.encode(3, states, null, 0, Integer.MAX_VALUE, writer, 3),
            "tick 1 acked and nothing different sent since: the receiver holds it, whatever became of tick 2");
        states.set(4, 0, 77);
        writer.reset();
        assertEquals(1, sender.encode(4, states, null, 0, Integer.MAX_VALUE, writer, 4));
        assertEquals(4, sender.includedObjects()[0]);
    }

    @Example
    void baselineTableNamesUpToItsMaximumAndSendsObjectsOfDroppedTicksAbsolutely()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final int max = SnapshotFormat.MAX_BASELINES_PER_PACKET;
        final int objects = max + 10;
        final SnapshotConfig config = new SnapshotConfig();
        final SnapshotSender sender = new SnapshotSender(schema, objects, HoldPredictor.INSTANCE, new ObjectCodec(schema), config);
        final SnapshotReceiver receiver = new SnapshotReceiver(schema, objects, HoldPredictor.INSTANCE, new ObjectCodec(schema), config);
        final QuantizedStates states = new QuantizedStates(schema, objects);
        final byte[] packet = new byte[4096];
        final BitWriter writer = new BitWriter();
        final BitReader reader = new BitReader();
        // Object k is last acked at tick k + 2 for k <= max, the other nine at tick 1: max + 2 distinct ticks.
        int tick = ackEachObjectAtItsOwnTick(sender, receiver, states, max + 2, packet) + 1;
        final long absoluteBefore = sender.absoluteObjects();
        for (int object = 0; object < objects; object++)
        {
            states.set(object, 1, 1000 + object);
        }
        writer.wrap(new UnsafeBuffer(packet), 0, packet.length);
        assertEquals(objects, sender.encode(tick, states, null, 0, Integer.MAX_VALUE, writer, tick));
        reader.wrap(new UnsafeBuffer(packet), 0, writer.bytesWritten());

        assertEquals(DecodeResult.OK, receiver.decode(reader, tick));
        assertEquals(2, sender.absoluteObjects() - absoluteBefore,
            "the table keeps tick 1 (nine objects) and " + (max - 1) + " single-object ticks; two objects lose theirs");
        for (int object = 0; object < objects; object++)
        {
            assertTrue(receiver.states().sameObject(object, states), "object " + object);
        }
    }

    @Example
    void smallPacketStillCarriesObjectsWhenEveryBaselineIsOldAndScattered()
    {
        // 40 objects, each last acked at its own tick long ago: a full table of 19-bit ages would take 646 of
        // the 512 bits, no object would ever fit, and with nothing sent nothing would change.
        final StateSchema schema = StateSchema.fiedler3d();
        final int objects = 40;
        final SnapshotConfig config = new SnapshotConfig();
        final SnapshotSender sender = new SnapshotSender(schema, objects, HoldPredictor.INSTANCE, new ObjectCodec(schema), config);
        final SnapshotReceiver receiver = new SnapshotReceiver(schema, objects, HoldPredictor.INSTANCE, new ObjectCodec(schema), config);
        final QuantizedStates states = new QuantizedStates(schema, objects);
        final byte[] packet = new byte[4096];
        final BitWriter writer = new BitWriter();
        final BitReader reader = new BitReader();
        ackEachObjectAtItsOwnTick(sender, receiver, states, objects + 1, packet);
        for (int object = 0; object < objects; object++)
        {
            states.set(object, 1, 1000 + object);
        }
        final int budgetBits = 64 * 8;
        writer.wrap(new UnsafeBuffer(packet), 0, packet.length);
        final int included = sender.encode(400, states, null, 0, budgetBits, writer, 400);
        reader.wrap(new UnsafeBuffer(packet), 0, writer.bytesWritten());

        assertTrue(included > 0, "objects in a 64-byte packet: " + included);
        assertTrue(writer.bitsWritten() <= budgetBits, "bits " + writer.bitsWritten());
        assertEquals(DecodeResult.OK, receiver.decode(reader, 400));
    }

    @Example
    void baselineMissFailsWholePacketAndChangesNothing()
    {
        final StateSchema schema = StateSchema.fiedler3d();
        final SnapshotConfig config = new SnapshotConfig();
        final SnapshotSender sender = new SnapshotSender(schema, 8, HoldPredictor.INSTANCE, new ObjectCodec(schema), config);
        final SnapshotReceiver receiver = new SnapshotReceiver(schema, 8, HoldPredictor.INSTANCE, new ObjectCodec(schema), config);
        final QuantizedStates states = new QuantizedStates(schema, 8);
        final byte[] first = new byte[2048];
        sender.encode(1, states, null, 0, Integer.MAX_VALUE, new BitWriter(new UnsafeBuffer(first), 0, first.length), 1);
        sender.onAcked(1); // acked, but the receiver never gets packet 1
        states.set(3, 0, 5);
        final byte[] second = new byte[2048];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(second), 0, second.length);
        sender.encode(2, states, null, 0, Integer.MAX_VALUE, writer, 2);

        final int[] before = receiver.states().array().clone();
        final DecodeResult result = receiver.decode(new BitReader(new UnsafeBuffer(second), 0, writer.bytesWritten()), 2);
        assertEquals(DecodeResult.BASELINE_MISSING, result);
        assertEquals(1, receiver.baselineMisses());
        assertArrayEquals(before, receiver.states().array());
        assertEquals(StateRing.NO_TICK, receiver.stateTick(3));
    }

    @Property(tries = 400)
    void hostileOrMutatedBytesNeverThrowAndFailedDecodesChangeNothing(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll final long seed,
        @ForAll @IntRange(max = 3) final int mutation)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SnapshotLinkSimulation link = new SnapshotLinkSimulation(schema, 20, new LinearExtrapolationPredictor(false), seed, 16);
        link.run(30, 0.1, 2, 0, 1);
        final SplittableRandom random = new SplittableRandom(seed);

        final byte[] packet = new byte[4096];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(packet), 0, packet.length);
        RandomStates.evolve(schema, random, link.states.array(), 0);
        link.sender.encode(31, link.states, null, 0, Integer.MAX_VALUE, writer, 31);
        int length = writer.bytesWritten();
        switch (mutation)
        {
            case 0 -> random.nextBytes(packet);
            case 1 -> packet[random.nextInt(length)] ^= (byte)(1 << random.nextInt(8));
            case 2 -> length = random.nextInt(length);
            default ->
            {
                for (int i = 0; i < 4; i++)
                {
                    packet[random.nextInt(length)] = (byte)random.nextInt();
                }
            }
        }

        final int[] statesBefore = link.receiver.states().array().clone();
        final int[] ticksBefore = new int[20];
        for (int i = 0; i < 20; i++)
        {
            ticksBefore[i] = link.receiver.stateTick(i);
        }
        final long appliedBefore = link.receiver.packetsApplied();
        final DecodeResult result = link.receiver.decode(new BitReader(new UnsafeBuffer(packet), 0, length), 31);
        if (result != DecodeResult.OK)
        {
            assertArrayEquals(statesBefore, link.receiver.states().array());
            for (int i = 0; i < 20; i++)
            {
                assertEquals(ticksBefore[i], link.receiver.stateTick(i));
            }
            assertEquals(appliedBefore, link.receiver.packetsApplied());
            assertEquals(1, link.receiver.malformedPackets() + link.receiver.baselineMisses() + link.receiver.stalePackets());
        }
        for (int i = 0; i < 20; i++)
        {
            assertTrue(schema.isValid(link.receiver.states().array(), i * schema.stride()));
        }
        assertNotEquals(null, result);
    }

    /**
     * Ticks 1..lastTick, each sent, decoded and acked; from tick 2 on, tick t changes object t - 2 only, so
     * object k's newest acked state is from tick k + 2. @return lastTick.
     */
    private static int ackEachObjectAtItsOwnTick(
        final SnapshotSender sender,
        final SnapshotReceiver receiver,
        final QuantizedStates states,
        final int lastTick,
        final byte[] packet)
    {
        final BitWriter writer = new BitWriter();
        final BitReader reader = new BitReader();
        for (int tick = 1; tick <= lastTick; tick++)
        {
            if (tick > 1)
            {
                states.set(tick - 2, 0, tick);
            }
            writer.wrap(new UnsafeBuffer(packet), 0, packet.length);
            sender.encode(tick, states, null, 0, Integer.MAX_VALUE, writer, tick);
            reader.wrap(new UnsafeBuffer(packet), 0, writer.bytesWritten());
            assertEquals(DecodeResult.OK, receiver.decode(reader, tick));
            sender.onAcked(tick);
        }
        return lastTick;
    }
}
