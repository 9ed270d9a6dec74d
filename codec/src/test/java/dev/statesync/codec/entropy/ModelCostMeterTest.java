package dev.statesync.codec.entropy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link ModelCostMeter} charges what the range coder's own account ({@link BitAccount} on a {@link RangeBitWriter})
 * charges for the same call from the same model, and never moves a probability. The two agree exactly only while a
 * call visits each model cell once (the writer updates a cell between two visits, the meter does not): residuals and
 * flags index their nodes directly; the generic contexts are hashed, so a call into them is compared only when its
 * tree's cells are distinct.
 */
class ModelCostMeterTest
{
    private static final BitLadder LADDER = new BitLadder(0, 1, 3, 5, 8);

    /** One call of each kind, its value drawn from {@code random}; every kind's decisions use distinct contexts. */
    private static void call(final BitStream stream, final int kind, final SplittableRandom random)
    {
        switch (kind)
        {
            case 0 -> stream.serializeResidual(random.nextInt(-5000, 5001) >> random.nextInt(13),
                random.nextInt(ContextModel.RESIDUAL_CONTEXTS));
            case 1 -> stream.serializeFlag(random.nextInt(4) == 0, random.nextInt(ContextModel.FLAG_CONTEXTS));
            case 2 -> stream.serializeInt(random.nextInt(0, 3), 0, 2);
            case 3 -> stream.serializeInt(random.nextInt(0, 100_000), 0, 99_999);
            case 4 -> stream.serializeBool(random.nextInt(3) == 0);
            case 5 -> stream.serializeZigZag(random.nextInt(-60, 60), 7);
            case 6 -> stream.serializeLadder(random.nextInt(LADDER.maxValue() + 1), LADDER);
            default -> stream.serializeBits(random.nextInt(1 << 10), 10);
        }
    }

    /** @return false if the call's generic tree decisions share a hashed cell (only kinds 2..6 use the hashed region). */
    private static boolean distinctCells(final int kind, final SplittableRandom random)
    {
        final java.util.Set<Integer> cells = new java.util.HashSet<>();
        final int decisions;
        switch (kind)
        {
            case 2 ->
            {
                final int value = random.nextInt(0, 3);
                decisions = 2;
                cells.add(ContextModel.index(ContextModel.KIND_INT, 2 * 31 + 2, 1));
                cells.add(ContextModel.index(ContextModel.KIND_INT, 2 * 31 + 2, 2 | (value >>> 1)));
            }
            case 3 ->
            {
                final int value = random.nextInt(0, 100_000);
                decisions = 8;
                final int high = value >>> 9;
                int node = 1;
                for (int i = 7; i >= 0; i--)
                {
                    cells.add(ContextModel.index(ContextModel.KIND_INT, 17 * 31 + 99_999, node));
                    node = (node << 1) | ((high >>> i) & 1);
                }
            }
            case 5 ->
            {
                final int code = dev.statesync.codec.bits.Bits.zigZagEncode(random.nextInt(-60, 60));
                decisions = 7;
                int node = 1;
                for (int i = 6; i >= 0; i--)
                {
                    cells.add(ContextModel.index(ContextModel.KIND_ZIGZAG, 7, node));
                    node = (node << 1) | ((code >>> i) & 1);
                }
            }
            case 6 ->
            {
                final int value = random.nextInt(LADDER.maxValue() + 1);
                final int rung = LADDER.rungOf(value);
                final int width = LADDER.width(rung);
                decisions = Math.min(rung + 1, LADDER.rungCount() - 1) + width;
                for (int r = 0; r <= rung && r < LADDER.rungCount() - 1; r++)
                {
                    cells.add(ContextModel.index(ContextModel.KIND_LADDER_RUNG, LADDER.maxValue(), r + 1));
                }
                final int offset = (int)(value - LADDER.start(rung));
                int node = 1;
                for (int i = width - 1; i >= 0; i--)
                {
                    cells.add(ContextModel.index(ContextModel.KIND_LADDER_OFFSET, LADDER.maxValue() * 33 + rung, node));
                    node = (node << 1) | ((offset >>> i) & 1);
                }
            }
            default ->
            {
                return true;
            }
        }
        return cells.size() == decisions;
    }

    @Property(tries = 500)
    void chargesWhatTheCodersAccountChargesAndLeavesTheModelAlone(
        @ForAll @IntRange(max = 7) final int kind,
        @ForAll @IntRange(max = 3000) final int training,
        @ForAll final long seed)
    {
        // A model that learned something: many calls of every kind, skewed values.
        final SplittableRandom random = new SplittableRandom(seed);
        final RangeBitWriter trainer = new RangeBitWriter();
        trainer.wrap(new UnsafeBuffer(new byte[64 * 1024]), 0, 64 * 1024);
        for (int i = 0; i < training; i++)
        {
            call(trainer, random.nextInt(8), random);
        }
        final ContextModel model = new ContextModel();
        model.copyFrom(trainer.model());
        final ContextModel untouched = new ContextModel();
        untouched.copyFrom(model);

        final long callSeed = random.nextLong();
        Assume.that(distinctCells(kind, new SplittableRandom(callSeed)));
        final ModelCostMeter meter = new ModelCostMeter().begin(model);
        call(meter, kind, new SplittableRandom(callSeed));

        final BitAccount account = new BitAccount(1);
        final RangeBitWriter writer = new RangeBitWriter().account(account);
        writer.wrapWithoutModel(new UnsafeBuffer(new byte[4096]), 0, 4096);
        writer.model().copyFrom(model);
        call(writer, kind, new SplittableRandom(callSeed));

        // Each decision's cost is rounded to 1/256 bit by the meter and 2^-16 by the account; a call makes at most 31.
        assertEquals(account.frameBits(), meter.cost() / (double)ModelCostMeter.ONE_BIT, 31 * (0.5 / 256 + 0.5 / 65536));
        assertTrue(model.sameAs(untouched), "the meter never writes the model");
        assertTrue(meter.isMeasuring() && !meter.isReading() && !meter.isWriting());
        assertEquals(0, meter.begin(model).cost(), "begin starts from zero");
    }
}
