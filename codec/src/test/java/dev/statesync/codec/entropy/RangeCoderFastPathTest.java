package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The range coder's fast paths (direct bits in chunks, branch-free decisions and model update) against the coder
 * as it was ({@link ReferenceRangeBitWriter}, {@link ReferenceRangeBitReader}, test sources): the same bytes from
 * the same fields, and from any bytes, valid or hostile, the same values, the same failure, the same bytes consumed
 * and the same final model. This is what keeps every packet on the wire unchanged.
 */
class RangeCoderFastPathTest
{
    private static final int KINDS = 10;
    private static final int RESIDUAL = 0;
    private static final int FLAG = 1;
    private static final int BITS = 2;
    private static final int INT = 3;
    private static final int BOOL = 4;
    private static final int ZIGZAG = 5;
    private static final int LADDER = 6;
    private static final int FLOAT = 7;
    private static final int BYTES = 8;
    private static final int RESIDUAL_RUN = 9;

    /** A script of fields: kind, two parameters and a value each, drawn from a seed. */
    private record Script(int[] kind, int[] a, int[] b, int[] value, byte[][] bytes)
    {
        int size()
        {
            return kind.length;
        }
    }

    private static Script script(final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int size = 1 + random.nextInt(random.nextBoolean() ? 40 : 400);
        final int[] kind = new int[size];
        final int[] a = new int[size];
        final int[] b = new int[size];
        final int[] value = new int[size];
        final byte[][] bytes = new byte[size][];
        // A few contexts take most residuals and flags, so their counts saturate and their probabilities go skewed.
        final int hotContexts = 1 + random.nextInt(6);
        for (int i = 0; i < size; i++)
        {
            kind[i] = random.nextInt(KINDS);
            switch (kind[i])
            {
                case RESIDUAL, RESIDUAL_RUN ->
                {
                    a[i] = random.nextInt(4) == 0 ?
                        random.nextInt(ContextModel.RESIDUAL_CONTEXTS) : random.nextInt(hotContexts);
                    value[i] = residual(random);
                }
                case FLAG ->
                {
                    a[i] = random.nextInt(4) == 0 ? random.nextInt(ContextModel.FLAG_CONTEXTS) : random.nextInt(hotContexts);
                    value[i] = random.nextInt(10) == 0 ? 1 : 0;
                }
                case BITS ->
                {
                    a[i] = 1 + random.nextInt(32);
                    value[i] = a[i] == 32 ? random.nextInt() : random.nextInt() >>> (32 - a[i]);
                }
                case INT ->
                {
                    final int min = random.nextInt(2001) - 1000;
                    final int max = random.nextInt(4) == 0 ? min : min + random.nextInt(1 << (1 + random.nextInt(24)));
                    a[i] = min;
                    b[i] = max;
                    value[i] = min + (int)((max - (long)min) * random.nextInt(1001) / 1000);
                }
                case BOOL -> value[i] = random.nextInt(3) == 0 ? 1 : 0;
                case ZIGZAG ->
                {
                    a[i] = 2 + random.nextInt(31);
                    final int magnitude = random.nextInt(1 << (a[i] - 2));
                    value[i] = random.nextBoolean() ? magnitude : -magnitude;
                }
                case LADDER -> value[i] = random.nextInt(4) == 0 ?
                    random.nextInt(ModeledBitStream.RESIDUAL_LADDER.maxValue() + 1) : random.nextInt(40);
                case FLOAT -> value[i] = random.nextInt();
                case BYTES ->
                {
                    bytes[i] = new byte[random.nextInt(12)];
                    random.nextBytes(bytes[i]);
                }
                default -> throw new IllegalStateException();
            }
        }
        return new Script(kind, a, b, value, bytes);
    }

    /** Mostly small, sometimes escaping the unary classes, the largest and the smallest allowed. */
    private static int residual(final SplittableRandom random)
    {
        final int choice = random.nextInt(20);
        final int magnitude;
        if (choice == 0)
        {
            magnitude = ModeledBitStream.MAX_RESIDUAL;
        }
        else if (choice == 1)
        {
            magnitude = random.nextInt(ModeledBitStream.MAX_RESIDUAL + 1);
        }
        else if (choice < 5)
        {
            magnitude = 0;
        }
        else
        {
            magnitude = random.nextInt(1 << random.nextInt(14));
        }
        return random.nextBoolean() ? magnitude : -magnitude;
    }

    /** Code or decode the script; values read are stored in {@code read} (bytes in {@code readBytes}). */
    private static void run(final BitStream stream, final Script script, final int[] read, final byte[][] readBytes)
    {
        for (int i = 0; i < script.size(); i++)
        {
            final int v = script.value()[i];
            final int a = script.a()[i];
            switch (script.kind()[i])
            {
                case RESIDUAL -> read[i] = stream.serializeResidual(v, a);
                case RESIDUAL_RUN ->
                {
                    // The same context several times in a row, as an object's components code.
                    int sum = 0;
                    for (int k = 0; k < 3; k++)
                    {
                        sum = sum * 31 + stream.serializeResidual(v >> k, a);
                    }
                    read[i] = sum;
                }
                case FLAG -> read[i] = stream.serializeFlag(v != 0, a) ? 1 : 0;
                case BITS -> read[i] = stream.serializeBits(v, a);
                case INT -> read[i] = stream.serializeInt(v, a, script.b()[i]);
                case BOOL -> read[i] = stream.serializeBool(v != 0) ? 1 : 0;
                case ZIGZAG -> read[i] = stream.serializeZigZag(v, a);
                case LADDER -> read[i] = stream.serializeLadder(v, ModeledBitStream.RESIDUAL_LADDER);
                case FLOAT -> read[i] = Float.floatToRawIntBits(stream.serializeFloat(Float.intBitsToFloat(v)));
                case BYTES ->
                {
                    final byte[] source = script.bytes()[i];
                    final byte[] target = stream.isReading() ? new byte[source.length] : source;
                    stream.serializeBytes(target, 0, target.length);
                    readBytes[i] = target;
                }
                default -> throw new IllegalStateException();
            }
        }
    }

    private static byte[] encode(final ModeledBitStream writer, final Script script, final int capacity)
    {
        final byte[] storage = new byte[capacity];
        final UnsafeBuffer buffer = new UnsafeBuffer(storage);
        final int length;
        if (writer instanceof RangeBitWriter fast)
        {
            fast.wrap(buffer, 0, capacity);
            run(fast, script, new int[script.size()], new byte[script.size()][]);
            length = fast.finish();
        }
        else
        {
            final ReferenceRangeBitWriter reference = (ReferenceRangeBitWriter)writer;
            reference.wrap(buffer, 0, capacity);
            run(reference, script, new int[script.size()], new byte[script.size()][]);
            length = reference.finish();
        }
        final byte[] out = Arrays.copyOf(storage, Math.min(length, capacity) + 1);
        out[out.length - 1] = (byte)(length >>> 8 ^ length ^ (writer.isFailed() ? 0x55 : 0));
        return out;
    }

    @Property(tries = 1500)
    void writesTheReferenceBytes(@ForAll final long seed)
    {
        final Script script = script(seed);
        final RangeBitWriter fast = new RangeBitWriter();
        final ReferenceRangeBitWriter reference = new ReferenceRangeBitWriter();
        final byte[] expected = encode(reference, script, 1 << 16);
        assertArrayEquals(expected, encode(fast, script, 1 << 16));
        assertTrue(fast.model().sameAs(reference.model()), "final models differ");
        assertEquals(reference.symbols(), fast.symbols());
        // A region too small: the same bytes up to it and the same overflow.
        final int small = (int)Math.floorMod(seed, 64L);
        assertArrayEquals(encode(reference, script, small), encode(fast, script, small));
        assertEquals(reference.isFailed(), fast.isFailed());
    }

    @Property(tries = 1500)
    void decodesWhatTheReferenceDecodesFromValidTruncatedAndHostileBytes(@ForAll final long seed)
    {
        final Script script = script(seed);
        final byte[] valid = encode(new ReferenceRangeBitWriter(), script, 1 << 16);
        final byte[] packet = Arrays.copyOf(valid, valid.length - 1);
        final SplittableRandom random = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
        final byte[] garbage = new byte[random.nextInt(packet.length + 8)];
        random.nextBytes(garbage);
        final byte[] flipped = packet.clone();
        if (flipped.length > 0)
        {
            flipped[random.nextInt(flipped.length)] ^= (byte)(1 << random.nextInt(8));
        }
        final byte[] ones = new byte[random.nextInt(64)];
        Arrays.fill(ones, (byte)0xFF);
        for (final byte[] bytes : new byte[][] {packet, Arrays.copyOf(packet, packet.length / 2), garbage, flipped, ones})
        {
            assertSameDecode(script, bytes);
        }
    }

    private static void assertSameDecode(final Script script, final byte[] bytes)
    {
        final RangeBitReader fast = new RangeBitReader().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
        final ReferenceRangeBitReader reference =
            new ReferenceRangeBitReader().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
        final int[] expected = new int[script.size()];
        final int[] actual = new int[script.size()];
        final byte[][] expectedBytes = new byte[script.size()][];
        final byte[][] actualBytes = new byte[script.size()][];
        run(reference, script, expected, expectedBytes);
        run(fast, script, actual, actualBytes);
        assertArrayEquals(expected, actual);
        for (int i = 0; i < script.size(); i++)
        {
            assertArrayEquals(expectedBytes[i], actualBytes[i]);
        }
        assertEquals(reference.isFailed(), fast.isFailed());
        assertEquals(reference.bitsProcessed(), fast.bitsProcessed());
        assertTrue(fast.model().sameAs(reference.model()), "final models differ");
    }

    @Example
    void everyDirectWidthAtEveryRangeMatchesTheReference()
    {
        // Direct bits of every width 1..32 after every number of skewed decisions that leaves the range anywhere
        // in [2^24, 2^32): the chunk boundaries fall at every place.
        for (int decisions = 0; decisions < 40; decisions++)
        {
            for (int width = 1; width <= 32; width++)
            {
                final int[] kind = new int[decisions + 2];
                final int[] a = new int[kind.length];
                final int[] value = new int[kind.length];
                for (int i = 0; i < decisions; i++)
                {
                    kind[i] = FLAG;
                    value[i] = i % 7 == 3 ? 1 : 0;
                }
                kind[decisions] = BITS;
                a[decisions] = width;
                value[decisions] = width == 32 ? 0xA5C3_5A3C : 0xA5C3_5A3C >>> (32 - width);
                kind[decisions + 1] = BITS;
                a[decisions + 1] = 32;
                value[decisions + 1] = -1;
                final Script script = new Script(kind, a, new int[kind.length], value, new byte[kind.length][]);
                final byte[] expected = encode(new ReferenceRangeBitWriter(), script, 256);
                assertArrayEquals(expected, encode(new RangeBitWriter(), script, 256));
                assertSameDecode(script, Arrays.copyOf(expected, expected.length - 1));
            }
        }
    }

    @Property(tries = 300)
    void codesTheSameInOffHeapAndOffsetRegions(@ForAll final long seed)
    {
        // The coder reads and writes a buffer's backing array directly when it has one: a direct buffer (no
        // array) and a region at an offset inside a wrapped slice of an array code the same bytes.
        final Script script = script(seed);
        final byte[] expected = encode(new ReferenceRangeBitWriter(), script, 1 << 16);
        final int length = expected.length - 1;
        final int offset = 1 + (int)Math.floorMod(seed, 13L);
        final UnsafeBuffer direct = new UnsafeBuffer(java.nio.ByteBuffer.allocateDirect(length + 2 * offset));
        final byte[] backing = new byte[length + 3 * offset];
        final UnsafeBuffer slice = new UnsafeBuffer(backing, offset, length + 2 * offset);
        for (final UnsafeBuffer buffer : new UnsafeBuffer[] {direct, slice})
        {
            final RangeBitWriter writer = new RangeBitWriter().wrap(buffer, offset, length);
            run(writer, script, new int[script.size()], new byte[script.size()][]);
            assertEquals(length, writer.finish());
            final byte[] written = new byte[length];
            buffer.getBytes(offset, written);
            assertArrayEquals(Arrays.copyOf(expected, length), written);
            if (buffer == slice)
            {
                // Nothing outside the region was touched.
                for (int i = 0; i < 2 * offset; i++)
                {
                    assertEquals(0, backing[i]);
                }
                for (int i = 2 * offset + length; i < backing.length; i++)
                {
                    assertEquals(0, backing[i]);
                }
            }
            final int[] expectedValues = new int[script.size()];
            final int[] actual = new int[script.size()];
            run(new ReferenceRangeBitReader().wrap(new UnsafeBuffer(written), 0, length), script, expectedValues,
                new byte[script.size()][]);
            final RangeBitReader reader = new RangeBitReader().wrap(buffer, offset, length);
            run(reader, script, actual, new byte[script.size()][]);
            assertArrayEquals(expectedValues, actual);
        }
    }

    @Example
    void theModelUpdateIsTheReferenceOneForEveryCell()
    {
        for (int count = 0; count <= 127; count++)
        {
            for (int p = 1; p < ContextModel.ONE; p++)
            {
                final int cell = p | count << 16;
                for (int bit = 0; bit <= 1; bit++)
                {
                    assertEquals(ReferenceRangeBitReader.updated(cell, bit), ContextModel.updated(cell, bit),
                        "p " + p + " count " + count + " bit " + bit);
                }
            }
        }
    }
}
