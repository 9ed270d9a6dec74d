package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.BallisticPredictor;
import dev.statesync.codec.predict.CheapestOfPredictor;
import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.IntegratorModel;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor.Rotation;
import dev.statesync.codec.predict.PredictionInput;
import dev.statesync.codec.predict.Predictor;


import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitWriter;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class CheapestOfPredictorTest
{
    @Property(tries = 40)
    void receiverFollowsTheSendersChoiceUnderLossReorderAndBudgets(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 40) final int objects,
        @ForAll @IntRange(max = 30) final int lossPercent,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final Predictor predictor = schema.hasVelocities() ?
            new CheapestOfPredictor(HoldPredictor.INSTANCE, new BallisticPredictor(schema,
                schema.is3d() ? IntegratorModel.ode(-20, 0.01, 0.01, 0.01, 0.01, 60) : IntegratorModel.jbox2d(0, -10, 0, 0, 60),
                true)) :
            new CheapestOfPredictor(HoldPredictor.INSTANCE, new LinearExtrapolationPredictor(false),
                new LinearExtrapolationPredictor(true));
        final SnapshotLinkSimulation link = new SnapshotLinkSimulation(schema, objects, predictor, seed, 16);
        link.run(120, lossPercent / 100.0, 4, 0, 1);
        assertEquals(0, link.receiver.baselineMisses());
        assertEquals(0, link.receiver.malformedPackets());
        assertTrue(link.objectsChecked > 0);
    }

    /**
     * The runner's snapshot-schema choice: linear extrapolation with gravity is refined from the same without it,
     * and the refinement writes exactly what predicting it afresh writes, for every rotation model, at rest or
     * not, with or without an older baseline; choices that refine nothing are predicted afresh.
     */
    @Property(tries = 1000)
    void aRefinedAlternativeIsExactlyTheAlternativePredictedAfresh(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll final long seed,
        @ForAll @IntRange(min = 1, max = 12) final int newestAge,
        @ForAll @IntRange(min = 0, max = 4) final int spacing,
        @ForAll @IntRange(max = 2) final int rotationIndex,
        @ForAll final boolean withOlder)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final Rotation rotation = Rotation.values()[rotationIndex];
        final int gravityAxis = schema.is3d() ? 2 : 1;
        final CheapestOfPredictor predictor = new CheapestOfPredictor(HoldPredictor.INSTANCE,
            new LinearExtrapolationPredictor(rotation), new LinearExtrapolationPredictor(schema, gravityAxis, -20, 60, rotation),
            new LinearExtrapolationPredictor(schema, gravityAxis, -20, 60, rotation == Rotation.HOLD ? Rotation.QUATERNION : Rotation.HOLD));
        assertEquals(-1, predictor.refinedFrom(0));
        assertEquals(-1, predictor.refinedFrom(1));
        assertEquals(1, predictor.refinedFrom(2));
        assertEquals(-1, predictor.refinedFrom(3), "another rotation model refines nothing");
        assertTrue(!predictor.refinesApproximately(2), "adding gravity is exact");

        final SplittableRandom random = new SplittableRandom(seed);
        final int stride = schema.stride();
        final int[] older = new int[stride];
        final int[] newest = new int[stride];
        RandomStates.randomRecord(schema, random, older, 0);
        System.arraycopy(older, 0, newest, 0, stride);
        RandomStates.evolve(schema, random, newest, 0);
        final PredictionInput in = new PredictionInput(schema).newest(newest, 0, newestAge);
        if (withOlder)
        {
            in.older(older, 0, newestAge + spacing);
        }
        else
        {
            in.noOlder();
        }
        final int[] fresh = new int[stride];
        predictor.predictAlternative(2, in, new StateRecord(schema, fresh, 0));
        final int[] refined = new int[stride];
        predictor.predictAlternative(1, in, new StateRecord(schema, refined, 0));
        predictor.refineAlternative(2, in, new StateRecord(schema, refined, 0));
        assertArrayEquals(fresh, refined);
        assertTrue(schema.isValid(refined, 0));
    }

    @Example
    void choosingCostsOneBitForTwoAlternativesAndNeverMoreThanTheWorseChoice()
    {
        final StateSchema schema = StateSchema.fiedler3d();
        final QuantizedStates states = new QuantizedStates(schema, 4);
        final byte[] bytes = new byte[4096];
        final SnapshotSender hold = new SnapshotSender(schema, 4, HoldPredictor.INSTANCE, new ObjectCodec(schema),
            new SnapshotConfig());
        final SnapshotSender cheapest = new SnapshotSender(schema, 4,
            new CheapestOfPredictor(HoldPredictor.INSTANCE, HoldPredictor.INSTANCE), new ObjectCodec(schema),
            new SnapshotConfig());
        for (int tick = 1; tick <= 3; tick++)
        {
            states.set(1, 0, tick * 10);
            hold.encode(tick, states, null, 0, Integer.MAX_VALUE, new BitWriter(new UnsafeBuffer(bytes), 0, 4096), tick);
            cheapest.encode(tick, states, null, 0, Integer.MAX_VALUE, new BitWriter(new UnsafeBuffer(bytes), 0, 4096), tick);
            hold.onAcked(tick);
            cheapest.onAcked(tick);
        }
        // Tick 3 carries object 1 only, with a baseline: exactly one selector bit more (before byte padding).
        assertTrue(cheapest.lastPacketBits() - hold.lastPacketBits() <= 8);
        assertThrows(IllegalArgumentException.class, () -> new CheapestOfPredictor(HoldPredictor.INSTANCE));
    }
}
