package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The range coder's fast paths (direct bits in chunks, branch-free decisions and model update) and framing against
 * the coder as it was ({@link ReferenceRangeBitWriter}, {@link ReferenceRangeBitReader}, test sources): from the same
 * fields the bytes LZMA's framing wrote, re-framed minimally by {@link LzmaFraming} (the leading 0 byte left out, 0 or
 * 1 byte of {@code low} instead of 4); from any bytes, valid or hostile, the values, failure, bytes consumed and final
 * model the reference decodes from those bytes framed as LZMA's (the leading 0 byte and
 * {@link RangeBitReader#PADDING_BYTES} zeros of padding added). This is what keeps every packet on the wire what the
 * coder as it was wrote but for its framing.
 */
class RangeCoderFastPathTest
{
    /** A script coded by both writers: the bytes and failure of each. */
    private record Coded(byte[] bytes, int length, boolean failed, byte[] lzma, int lzmaLength, long finalRange)
    {
    }

    private static Coded code(final CoderScripts.Script script, final int capacity)
    {
        final byte[] storage = new byte[capacity];
        final RangeBitWriter fast = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, capacity);
        CoderScripts.run(fast, script, new int[script.size()], new byte[script.size()][]);
        final int length = fast.finish();
        final byte[] lzma = new byte[1 << 16];
        final ReferenceRangeBitWriter reference = new ReferenceRangeBitWriter().wrap(new UnsafeBuffer(lzma), 0, lzma.length);
        CoderScripts.run(reference, script, new int[script.size()], new byte[script.size()][]);
        final int lzmaLength = reference.finish();
        assertTrue(fast.model().sameAs(reference.model()), "final models differ");
        assertEquals(reference.symbols(), fast.symbols());
        return new Coded(storage, length, fast.isFailed(), lzma, lzmaLength, reference.finalRange());
    }

    private static void assertWritesTheMinimalFraming(final CoderScripts.Script script, final int capacity)
    {
        final Coded coded = code(script, capacity);
        final LzmaFraming.Choice expected = LzmaFraming.minimal(coded.lzma(), coded.lzmaLength(), coded.finalRange());
        assertEquals(expected.bytes().length, coded.length());
        // Never longer than LZMA's framing: its leading byte and 3 or 4 of its 4 bytes of low are left out.
        assertTrue(coded.length() == coded.lzmaLength() - 4 || coded.length() == coded.lzmaLength() - 5);
        // A region too small: the same bytes up to its end, and the overflow seen.
        final int written = Math.min(coded.length(), capacity);
        assertArrayEquals(Arrays.copyOf(expected.bytes(), written), Arrays.copyOf(coded.bytes(), written));
        assertEquals(coded.length() > capacity, coded.failed());
    }

    @Property(tries = 1500)
    void writesTheReferenceBytesMinimallyFramed(@ForAll final long seed)
    {
        final CoderScripts.Script script = CoderScripts.script(seed);
        assertWritesTheMinimalFraming(script, 1 << 16);
        assertWritesTheMinimalFraming(script, (int)Math.floorMod(seed, 64L));
    }

    @Property(tries = 1500)
    void decodesWhatTheReferenceDecodesFromValidTruncatedAndHostileBytes(@ForAll final long seed)
    {
        final CoderScripts.Script script = CoderScripts.script(seed);
        final Coded coded = code(script, 1 << 16);
        final byte[] packet = Arrays.copyOf(coded.bytes(), coded.length());
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
        for (final byte[] bytes : new byte[][] {packet, Arrays.copyOf(packet, packet.length / 2),
            Arrays.copyOf(packet, Math.max(0, packet.length - 1)), garbage, flipped, ones})
        {
            assertSameDecode(script, bytes);
        }
    }

    private static void assertSameDecode(final CoderScripts.Script script, final byte[] bytes)
    {
        final RangeBitReader fast = new RangeBitReader().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
        final byte[] region = LzmaFraming.asLzmaRegion(bytes, bytes.length);
        final ReferenceRangeBitReader reference = new ReferenceRangeBitReader().wrap(new UnsafeBuffer(region), 0, region.length);
        final int[] expected = new int[script.size()];
        final int[] actual = new int[script.size()];
        final byte[][] expectedBytes = new byte[script.size()][];
        final byte[][] actualBytes = new byte[script.size()][];
        CoderScripts.run(reference, script, expected, expectedBytes);
        CoderScripts.run(fast, script, actual, actualBytes);
        assertArrayEquals(expected, actual);
        for (int i = 0; i < script.size(); i++)
        {
            assertArrayEquals(expectedBytes[i], actualBytes[i]);
        }
        assertEquals(reference.isFailed(), fast.isFailed());
        // The reference also read the leading byte.
        assertEquals(reference.bitsProcessed(), fast.bitsProcessed() + 8);
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
                    kind[i] = CoderScripts.FLAG;
                    value[i] = i % 7 == 3 ? 1 : 0;
                }
                kind[decisions] = CoderScripts.BITS;
                a[decisions] = width;
                value[decisions] = width == 32 ? 0xA5C3_5A3C : 0xA5C3_5A3C >>> (32 - width);
                kind[decisions + 1] = CoderScripts.BITS;
                a[decisions + 1] = 32;
                value[decisions + 1] = -1;
                final CoderScripts.Script script =
                    new CoderScripts.Script(kind, a, new int[kind.length], value, new byte[kind.length][]);
                assertWritesTheMinimalFraming(script, 256);
                final Coded coded = code(script, 256);
                assertSameDecode(script, Arrays.copyOf(coded.bytes(), coded.length()));
            }
        }
    }

    @Property(tries = 300)
    void codesTheSameInOffHeapAndOffsetRegions(@ForAll final long seed)
    {
        // The coder reads and writes a buffer's backing array directly when it has one: a direct buffer (no
        // array) and a region at an offset inside a wrapped slice of an array code the same bytes.
        final CoderScripts.Script script = CoderScripts.script(seed);
        final Coded coded = code(script, 1 << 16);
        final int length = coded.length();
        final byte[] expected = Arrays.copyOf(coded.bytes(), length);
        final int offset = 1 + (int)Math.floorMod(seed, 13L);
        final UnsafeBuffer direct = new UnsafeBuffer(java.nio.ByteBuffer.allocateDirect(length + 2 * offset));
        final byte[] backing = new byte[length + 3 * offset];
        final UnsafeBuffer slice = new UnsafeBuffer(backing, offset, length + 2 * offset);
        for (final UnsafeBuffer buffer : new UnsafeBuffer[] {direct, slice})
        {
            final RangeBitWriter writer = new RangeBitWriter().wrap(buffer, offset, length);
            CoderScripts.run(writer, script, new int[script.size()], new byte[script.size()][]);
            assertEquals(length, writer.finish());
            final byte[] written = new byte[length];
            buffer.getBytes(offset, written);
            assertArrayEquals(expected, written);
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
            else
            {
                // Past the region, the reader reads zeros, whatever the buffer holds there.
                for (int i = 0; i < offset; i++)
                {
                    buffer.putByte(offset + length + i, (byte)0xA5);
                }
            }
            final int[] expectedValues = new int[script.size()];
            final int[] actual = new int[script.size()];
            final byte[] region = LzmaFraming.asLzmaRegion(written, length);
            CoderScripts.run(new ReferenceRangeBitReader().wrap(new UnsafeBuffer(region), 0, region.length), script,
                expectedValues, new byte[script.size()][]);
            final RangeBitReader reader = new RangeBitReader().wrap(buffer, offset, length);
            CoderScripts.run(reader, script, actual, new byte[script.size()][]);
            assertArrayEquals(expectedValues, actual);
            assertFalse(reader.isFailed());
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
