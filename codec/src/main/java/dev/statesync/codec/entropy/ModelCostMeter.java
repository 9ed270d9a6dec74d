package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.Bits;

/**
 * A measuring {@link ModeledBitStream}: what the range coder would spend on the values serialized through it, at the
 * probabilities a {@link ContextModel} holds, in 1/{@link #ONE_BIT} bits, without coding a byte or moving a
 * probability. For ranking an object's predictor alternatives by what the coder itself will charge rather than a
 * context-free estimate: the coder's contexts (motion class, alternative, earlier residuals) price a residual
 * differently per alternative.
 *
 * <p>{@link #begin} points it at a model (read only) and zeroes the cost. Allocation-free; one per thread.
 */
public final class ModelCostMeter implements ModeledBitStream
{
    /** Fixed-point units of one bit in {@link #cost()}. */
    public static final int ONE_BIT = 256;
    /** -log2(p / ContextModel.ONE) in 1/{@link #ONE_BIT} bits (at most 12 * 256, so chars). */
    private static final char[] COST = new char[ContextModel.ONE];

    static
    {
        for (int p = 1; p < ContextModel.ONE; p++)
        {
            COST[p] = (char)Math.round(-Math.log((double)p / ContextModel.ONE) / Math.log(2) * ONE_BIT);
        }
    }

    private ContextModel model;
    private int cost;

    /**
     * Measure against {@code model} from now on, from zero.
     *
     * @param model the probabilities to price decisions at; never written.
     * @return this.
     */
    public ModelCostMeter begin(final ContextModel model)
    {
        this.model = model;
        cost = 0;
        return this;
    }

    /** @return the cost so far, in 1/{@link #ONE_BIT} bits. */
    public int cost()
    {
        return cost;
    }

    private void decision(final int index, final int bit)
    {
        final int p = ContextModel.probabilityOf(model.cells[index]);
        cost += COST[bit == 0 ? p : ContextModel.ONE - p];
    }

    private void direct(final int bits)
    {
        cost += bits * ONE_BIT;
    }

    private void value(final int kind, final int width, final long value, final int bits)
    {
        final int treeBits = Math.min(bits, ContextModel.TREE_BITS);
        final int high = (int)(value >>> (bits - treeBits));
        int node = 1;
        for (int i = treeBits - 1; i >= 0; i--)
        {
            final int bit = (high >>> i) & 1;
            decision(ContextModel.index(kind, width, node), bit);
            node = (node << 1) | bit;
        }
        direct(bits - treeBits);
    }

    @Override
    public ContextModel model()
    {
        return model;
    }

    @Override
    public boolean isWriting()
    {
        return false;
    }

    @Override
    public boolean isReading()
    {
        return false;
    }

    @Override
    public boolean isMeasuring()
    {
        return true;
    }

    @Override
    public boolean isFailed()
    {
        return false;
    }

    @Override
    public int bitsProcessed()
    {
        return (cost + ONE_BIT - 1) / ONE_BIT;
    }

    @Override
    public int serializeBits(final int value, final int bits)
    {
        direct(bits);
        return value;
    }

    @Override
    public int serializeInt(final int value, final int min, final int max)
    {
        final int bits = Bits.bitsRequired(min, max);
        if (bits > 0)
        {
            value(ContextModel.KIND_INT, bits * 31 + (max - min), ((long)value - min) & 0xFFFF_FFFFL, bits);
        }
        return value;
    }

    @Override
    public boolean serializeBool(final boolean value)
    {
        value(ContextModel.KIND_BOOL, 1, value ? 1 : 0, 1);
        return value;
    }

    @Override
    public int serializeZigZag(final int value, final int bits)
    {
        value(ContextModel.KIND_ZIGZAG, bits, Bits.zigZagEncode(value) & 0xFFFF_FFFFL, bits);
        return value;
    }

    @Override
    public int serializeResidual(final int value, final int context)
    {
        final int magnitude = Math.abs(value);
        final int magnitudeClass = 32 - Integer.numberOfLeadingZeros(magnitude);
        final int base = ContextModel.residualIndex(context, 0);
        final int unary = Math.min(magnitudeClass, ContextModel.RESIDUAL_UNARY_CLASSES);
        for (int i = 0; i < unary; i++)
        {
            decision(base + i, 1);
        }
        if (magnitudeClass < ContextModel.RESIDUAL_UNARY_CLASSES)
        {
            decision(base + magnitudeClass, 0);
        }
        else
        {
            direct(ModeledBitStream.ESCAPE_BITS);
        }
        if (magnitudeClass > 0)
        {
            decision(base + ContextModel.RESIDUAL_SIGN_NODE, value >>> 31);
            if (magnitudeClass > 1)
            {
                decision(base + ContextModel.RESIDUAL_MANTISSA_NODE +
                    Math.min(magnitudeClass, ContextModel.RESIDUAL_UNARY_CLASSES) - 2,
                    (magnitude >>> (magnitudeClass - 2)) & 1);
                direct(magnitudeClass - 2);
            }
        }
        return value;
    }

    @Override
    public boolean serializeFlag(final boolean value, final int context)
    {
        decision(ContextModel.flagIndex(context), value ? 1 : 0);
        return value;
    }

    @Override
    public int serializeLadder(final int value, final BitLadder ladder)
    {
        final int rung = ladder.rungOf(value);
        final int last = ladder.rungCount() - 1;
        final int id = ladder.maxValue();
        for (int r = 0; r < rung; r++)
        {
            decision(ContextModel.index(ContextModel.KIND_LADDER_RUNG, id, r + 1), 1);
        }
        if (rung < last)
        {
            decision(ContextModel.index(ContextModel.KIND_LADDER_RUNG, id, rung + 1), 0);
        }
        final int width = ladder.width(rung);
        if (width > 0)
        {
            value(ContextModel.KIND_LADDER_OFFSET, id * 33 + rung, value - ladder.start(rung), width);
        }
        return value;
    }

    @Override
    public float serializeFloat(final float value)
    {
        direct(32);
        return value;
    }

    @Override
    public void serializeAlign()
    {
    }

    @Override
    public void serializeBytes(final byte[] bytes, final int offset, final int length)
    {
        direct(8 * length);
    }

    @Override
    public void validate(final boolean valid)
    {
    }
}
