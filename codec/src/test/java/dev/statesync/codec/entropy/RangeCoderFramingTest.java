package dev.statesync.codec.entropy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The range coder's framing: no leading byte, an end of 0 or 1 byte of {@code low}, and a reader that pads with up
 * to {@link RangeBitReader#PADDING_BYTES} zeros. Messages of every shape ({@link CoderScripts#shaped}: empty, one or
 * two fields, skewed flags, 0xFF runs and carries, ends right after a renormalization) decode to what was coded,
 * are never longer than LZMA's framing made them, read exactly as far past their end as worked out, and a message
 * cut short never decodes to the whole message's values without failing.
 */
class RangeCoderFramingTest
{
    /** A message and what decoding it did. */
    private record Message(byte[] bytes, int lzmaLength, LzmaFraming.Choice choice)
    {
    }

    private static Message encode(final CoderScripts.Script script)
    {
        final byte[] storage = new byte[1 << 16];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        CoderScripts.run(writer, script, new int[script.size()], new byte[script.size()][]);
        final int length = writer.finish();
        assertFalse(writer.isFailed());
        final byte[] lzma = new byte[1 << 16];
        final ReferenceRangeBitWriter reference = new ReferenceRangeBitWriter().wrap(new UnsafeBuffer(lzma), 0, lzma.length);
        CoderScripts.run(reference, script, new int[script.size()], new byte[script.size()][]);
        final int lzmaLength = reference.finish();
        return new Message(Arrays.copyOf(storage, length), lzmaLength,
            LzmaFraming.minimal(lzma, lzmaLength, reference.finalRange()));
    }

    /** Decode {@code bytes} as {@code script}: the reader, values into {@code read} and {@code readBytes}. */
    private static RangeBitReader decode(
        final CoderScripts.Script script, final byte[] bytes, final int length, final int[] read, final byte[][] readBytes)
    {
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(bytes), 0, length);
        CoderScripts.run(reader, script, read, readBytes);
        return reader;
    }

    private static int[] written(final CoderScripts.Script script, final byte[][] writtenBytes)
    {
        final int[] values = new int[script.size()];
        CoderScripts.run(new RangeBitWriter().wrap(new UnsafeBuffer(new byte[1 << 16]), 0, 1 << 16), script, values,
            writtenBytes);
        return values;
    }

    private static boolean sameValues(
        final int[] expected, final byte[][] expectedBytes, final int[] actual, final byte[][] actualBytes)
    {
        if (!Arrays.equals(expected, actual))
        {
            return false;
        }
        for (int i = 0; i < expected.length; i++)
        {
            if (!Arrays.equals(expectedBytes[i], actualBytes[i]))
            {
                return false;
            }
        }
        return true;
    }

    @Property(tries = 3000)
    void everyShapeRoundTripsNoLongerThanLzmaReadingAtMostThePaddingPastItsEnd(@ForAll final long seed)
    {
        final CoderScripts.Script script = CoderScripts.shaped(seed);
        final Message message = encode(script);
        assertArrayEquals(message.choice().bytes(), message.bytes());
        assertTrue(message.bytes().length <= message.lzmaLength() - 4, "never longer: 4 or 5 bytes fewer than LZMA");
        final byte[][] writtenBytes = new byte[script.size()][];
        final int[] values = written(script, writtenBytes);
        final int[] read = new int[script.size()];
        final byte[][] readBytes = new byte[script.size()][];
        final RangeBitReader reader = decode(script, message.bytes(), message.bytes().length, read, readBytes);
        assertFalse(reader.isFailed());
        assertTrue(sameValues(values, writtenBytes, read, readBytes), "decodes what was coded");
        // It read what LZMA's framing sent but its leading byte: 4 past the renormalized bytes, 3 or 4 past the end.
        final int readPastEnd = reader.bitsProcessed() / 8 - message.bytes().length;
        assertEquals(message.lzmaLength() - 1, reader.bitsProcessed() / 8);
        assertEquals(message.choice().sentLowByte() ? 3 : 4, readPastEnd);
        assertTrue(readPastEnd <= RangeBitReader.PADDING_BYTES);
        if (message.choice().sentLowByte())
        {
            // Not a 0: a 0 would have made no byte of low the shorter choice.
            assertTrue(message.bytes()[message.bytes().length - 1] != 0);
        }
    }

    @Property(tries = 1500)
    void aMessageCutShortNeverDecodesToTheWholeMessagesValuesWithoutFailing(@ForAll final long seed)
    {
        // Every value compared, not a digest of runs that other values may share.
        final CoderScripts.Script script = CoderScripts.withoutRuns(CoderScripts.shaped(seed));
        final Message message = encode(script);
        final byte[][] writtenBytes = new byte[script.size()][];
        final int[] values = written(script, writtenBytes);
        boolean directOnly = true;
        for (final int kind : script.kind())
        {
            directOnly &= kind == CoderScripts.BITS || kind == CoderScripts.FLOAT || kind == CoderScripts.BYTES;
        }
        for (int cut = 1; cut <= Math.min(message.bytes().length, 6); cut++)
        {
            final int length = message.bytes().length - cut;
            final int[] read = new int[script.size()];
            final byte[][] readBytes = new byte[script.size()][];
            final RangeBitReader reader = decode(script, message.bytes(), length, read, readBytes);
            final boolean same = sameValues(values, writtenBytes, read, readBytes);
            // Decoding the same values renormalizes as often, so it reads past the padding, except when cut by its
            // only byte of low: that byte is never 0, so the value left is below the interval and the values differ.
            assertTrue(!same || reader.isFailed(), "cut by " + cut + ": the same values and no failure");
            if (directOnly && (cut >= 2 || !message.choice().sentLowByte()))
            {
                // Direct bits renormalize the same whatever their values: the read past the padding is certain.
                assertTrue(reader.isFailed(), "direct bits cut by " + cut);
            }
        }
    }

    @Example
    void theShapesCoverEveryWayAMessageEnds()
    {
        int noLowByte = 0;
        int oneLowByte = 0;
        int carried = 0;
        int carriedThroughARun = 0;
        int empty = 0;
        int longestPendingRun = 0;
        for (long seed = 0; seed < 4000; seed++)
        {
            final CoderScripts.Script script = CoderScripts.shaped(seed);
            final Message message = encode(script);
            final LzmaFraming.Choice choice = message.choice();
            noLowByte += choice.sentLowByte() ? 0 : 1;
            oneLowByte += choice.sentLowByte() ? 1 : 0;
            carried += choice.carried() ? 1 : 0;
            carriedThroughARun += choice.carriedRun() >= 3 ? 1 : 0;
            empty += message.bytes().length == 0 ? 1 : 0;
            int run = 0;
            while (run < choice.renormalizedBytes() && message.bytes()[choice.renormalizedBytes() - 1 - run] == (byte)0xFF)
            {
                run++;
            }
            longestPendingRun = Math.max(longestPendingRun, run);
        }
        final String counts = noLowByte + " without a byte of low, " + oneLowByte + " with one, " + carried +
            " carried, " + carriedThroughARun + " through 3 or more 0xFF, " + empty + " empty, longest 0xFF run " +
            longestPendingRun;
        assertTrue(noLowByte > 100 && oneLowByte > 100, counts);
        assertTrue(carried > 100 && carriedThroughARun > 10, counts);
        assertTrue(empty > 0 && longestPendingRun >= 40, counts);
    }

    @Example
    void anEmptyMessageIsNoBytesAndItsPaddingIsBounded()
    {
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(new byte[8]), 0, 8);
        assertEquals(0, writer.finish());
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(new byte[0]), 0, 0);
        assertFalse(reader.isFailed(), "the 4 bytes of the code are padding");
        assertEquals(RangeBitReader.PADDING_BYTES * 8, reader.bitsProcessed());
        // Any field renormalizing once more reads a fifth byte past the end.
        assertEquals(0, reader.serializeBits(0, 8));
        assertTrue(reader.isFailed());
        assertEquals(RangeBitReader.PADDING_BYTES * 8, reader.bitsProcessed(), "a failed read is not counted");
    }

    @Example
    void theReaderNeverReadsThePaddingFromTheBuffer()
    {
        // The bytes past the region in the buffer are another message's: the reader reads zeros in their place.
        final byte[] storage = new byte[64];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        for (int i = 0; i < 10; i++)
        {
            writer.serializeFlag(i % 3 == 0, 2);
            writer.serializeResidual(i * 37 - 100, 1);
        }
        final int length = writer.finish();
        Arrays.fill(storage, length, storage.length, (byte)0xFF);
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(storage), 0, length);
        for (int i = 0; i < 10; i++)
        {
            assertEquals(i % 3 == 0, reader.serializeFlag(false, 2));
            assertEquals(i * 37 - 100, reader.serializeResidual(0, 1));
        }
        assertFalse(reader.isFailed());
    }
}
