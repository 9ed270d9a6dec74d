package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class ModeledCodingPropertiesTest
{
    private static final int[] EDGES = {
        0, 1, -1, 2, -2, 3, 4, -4, 255, -256, 65535, -65536, (1 << 19) - 1, -(1 << 19), 1 << 20, -(1 << 20),
        ModeledBitStream.MAX_RESIDUAL, -ModeledBitStream.MAX_RESIDUAL
    };

    private static int[] residuals(final long seed, final int count)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] values = new int[count];
        for (int i = 0; i < count; i++)
        {
            final int kind = random.nextInt(4);
            values[i] = kind == 0 ? EDGES[random.nextInt(EDGES.length)] :
                kind == 1 ? random.nextInt(-8, 9) :
                kind == 2 ? random.nextInt(-5000, 5001) :
                random.nextInt(-ModeledBitStream.MAX_RESIDUAL, ModeledBitStream.MAX_RESIDUAL + 1);
        }
        return values;
    }

    private static int[] contexts(final long seed, final int count, final int limit)
    {
        final SplittableRandom random = new SplittableRandom(~seed);
        final int[] contexts = new int[count];
        for (int i = 0; i < count; i++)
        {
            contexts[i] = random.nextInt(limit);
        }
        return contexts;
    }

    @Property(tries = 1000)
    void rangeCodedResidualsAndFlagsDecodeToWhatWasWritten(
        @ForAll final long seed, @ForAll @IntRange(max = 300) final int count)
    {
        final int[] values = residuals(seed, count);
        final int[] contexts = contexts(seed, count, ContextModel.RESIDUAL_CONTEXTS);
        final byte[] storage = new byte[16 * 1024];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        for (int i = 0; i < count; i++)
        {
            writer.serializeResidual(values[i], contexts[i]);
            writer.serializeFlag(values[i] > 0, contexts[i] % ContextModel.FLAG_CONTEXTS);
        }
        final int length = writer.finish();
        assertFalse(writer.isFailed());

        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(Arrays.copyOf(storage, length)), 0, length);
        for (int i = 0; i < count; i++)
        {
            assertEquals(values[i], reader.serializeResidual(0, contexts[i]), "residual " + i);
            assertEquals(values[i] > 0, reader.serializeFlag(false, contexts[i] % ContextModel.FLAG_CONTEXTS), "flag " + i);
        }
        assertFalse(reader.isFailed());
        assertTrue(writer.model().sameAs(reader.model()), "both ends end with the same model");
    }

    @Property(tries = 1000)
    void bitpackedResidualsUseTheLadderAndRoundTrip(@ForAll final long seed, @ForAll @IntRange(max = 200) final int count)
    {
        final int[] values = residuals(seed, count);
        final byte[] storage = new byte[8 * 1024];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(storage), 0, storage.length);
        final BitMeasure measure = new BitMeasure();
        for (final int value : values)
        {
            writer.serializeResidual(value, 0);
            measure.serializeResidual(value, 0);
        }
        writer.flush();
        assertEquals(writer.bitsWritten(), measure.bits());
        final BitReader reader = new BitReader(new UnsafeBuffer(storage), 0, writer.bytesWritten());
        for (int i = 0; i < count; i++)
        {
            assertEquals(values[i], reader.serializeResidual(0, 0));
        }
        assertFalse(reader.isFailed());
    }

    @Property(tries = 2000)
    void hostileBytesDecodeBoundedResidualsOrFail(@ForAll @Size(max = 64) final byte[] garbage, @ForAll final long seed)
    {
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(garbage), 0, garbage.length);
        final int[] contexts = contexts(seed, 64, ContextModel.RESIDUAL_CONTEXTS);
        for (final int context : contexts)
        {
            final int value = reader.serializeResidual(0, context);
            assertTrue(Math.abs(value) <= ModeledBitStream.MAX_RESIDUAL);
            if (reader.isFailed())
            {
                assertEquals(0, value);
            }
        }
    }

    @Example
    void aModelCarriedOverMakesTheNextMessageCheaperAndDecodesOnlyWithTheSameModel()
    {
        final SplittableRandom random = new SplittableRandom(42);
        final int[] values = new int[400];
        for (int i = 0; i < values.length; i++)
        {
            values[i] = (int)Math.round(random.nextGaussian() * 3);
        }
        final byte[] storage = new byte[4096];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        for (final int value : values)
        {
            writer.serializeResidual(value, 7);
        }
        final int freshBytes = writer.finish();
        final ContextModel learned = new ContextModel();
        learned.copyFrom(writer.model());

        writer.wrap(new UnsafeBuffer(storage), 0, storage.length);
        writer.model().copyFrom(learned);
        for (final int value : values)
        {
            writer.serializeResidual(value, 7);
        }
        final int carriedBytes = writer.finish();
        assertTrue(carriedBytes < freshBytes, carriedBytes + " bytes carried vs " + freshBytes + " fresh");

        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(storage), 0, carriedBytes);
        reader.model().copyFrom(learned);
        for (final int value : values)
        {
            assertEquals(value, reader.serializeResidual(0, 7));
        }
        final RangeBitReader fresh = new RangeBitReader().wrap(new UnsafeBuffer(storage), 0, carriedBytes);
        boolean differs = false;
        for (final int value : values)
        {
            differs |= fresh.serializeResidual(0, 7) != value;
        }
        assertTrue(differs, "a reader without the shared model cannot decode the message");
    }

    @Example
    void writersRejectResidualsAndContextsOutsideTheirRanges()
    {
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(new byte[64]), 0, 64);
        assertThrows(IllegalArgumentException.class, () -> writer.serializeResidual(ModeledBitStream.MAX_RESIDUAL + 1, 0));
        assertThrows(IllegalArgumentException.class, () -> writer.serializeResidual(Integer.MIN_VALUE, 0));
        assertThrows(IllegalArgumentException.class, () -> writer.serializeResidual(0, ContextModel.RESIDUAL_CONTEXTS));
        assertThrows(IllegalArgumentException.class, () -> writer.serializeFlag(true, -1));
        final BitWriter packer = new BitWriter(new UnsafeBuffer(new byte[64]), 0, 64);
        assertThrows(IllegalArgumentException.class, () -> packer.serializeResidual(-ModeledBitStream.MAX_RESIDUAL - 1, 0));
    }

    @Example
    void copiedModelsAreIndependentAndEqual()
    {
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(new byte[256]), 0, 256);
        for (int i = 0; i < 50; i++)
        {
            writer.serializeResidual(i % 5, 3);
        }
        final ContextModel copy = new ContextModel();
        assertFalse(copy.sameAs(writer.model()));
        copy.copyFrom(writer.model());
        assertTrue(copy.sameAs(writer.model()));
        writer.serializeResidual(100, 3);
        assertFalse(copy.sameAs(writer.model()), "the copy does not follow later updates");
        copy.reset();
        assertTrue(copy.sameAs(new ContextModel()));
    }

    /**
     * A model handed over by exchangeModel carries on where the coder left it (the ring keeps it instead of a
     * copy), and a coder wrapped without a model codes with whatever model it holds: set it, and the bytes are
     * those of a coder that copied the same model after a fresh wrap.
     */
    @Property(tries = 50)
    void exchangedModelsCarryOnAndAWrapWithoutModelKeepsTheOneGiven(@ForAll final long seed)
    {
        final int[] values = residuals(seed, 40);
        final byte[] first = new byte[4096];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(first), 0, first.length);
        for (final int value : values)
        {
            writer.serializeResidual(value, 5);
        }
        writer.finish();
        final ContextModel spare = new ContextModel();
        final ContextModel learned = writer.exchangeModel(spare);
        assertTrue(writer.model() == spare, "the writer codes with the model it was given");
        final ContextModel expected = new ContextModel();
        final RangeBitWriter copier = new RangeBitWriter().wrap(new UnsafeBuffer(first), 0, first.length);
        for (final int value : values)
        {
            copier.serializeResidual(value, 5);
        }
        assertTrue(learned.sameAs(copier.model()), "the handed-over model is the one the message ended with");
        expected.copyFrom(learned);

        final byte[] viaCopy = new byte[4096];
        final RangeBitWriter copying = new RangeBitWriter().wrap(new UnsafeBuffer(viaCopy), 0, viaCopy.length);
        copying.model().copyFrom(learned);
        final byte[] viaExchange = new byte[4096];
        final RangeBitWriter exchanging = new RangeBitWriter().wrap(new UnsafeBuffer(viaExchange), 0, viaExchange.length);
        exchanging.exchangeModel(learned);
        exchanging.wrapWithoutModel(new UnsafeBuffer(viaExchange), 0, viaExchange.length);
        assertTrue(exchanging.model().sameAs(expected), "wrapping without a model keeps it");
        for (final int value : values)
        {
            copying.serializeResidual(-value, 6);
            exchanging.serializeResidual(-value, 6);
        }
        final int length = copying.finish();
        assertEquals(length, exchanging.finish());
        assertTrue(Arrays.equals(viaCopy, 0, length, viaExchange, 0, length));

        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(viaExchange), 0, length);
        reader.exchangeModel(expected);
        reader.wrapWithoutModel(new UnsafeBuffer(viaExchange), 0, length);
        for (final int value : values)
        {
            assertEquals(-value, reader.serializeResidual(0, 6));
        }
        assertFalse(reader.isFailed());
    }
}
