package dev.statesync.bench.jmh.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.BitWriter;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The benchmark's bar is only a bar if it does the same work: the serialize.java-style reference writes exactly
 * the bytes statesync's writer does, on random mixed-width fields and through the {@link BitStream} calls a codec
 * makes, and each reader reads the other's bytes back.
 */
class FiedlerBitpackerTest
{
    private static final BitLadder LADDER = new BitLadder(0, 2, 5, 12);

    @Property(tries = 1000)
    void referenceWritesStatesyncsBytesAndEachReadsTheOther(
        @ForAll @Size(max = 300) final List<@IntRange(min = 1, max = 32) Integer> widths,
        @ForAll final long seed)
    {
        final int[] values = new int[widths.size()];
        final SplittableRandom random = new SplittableRandom(seed);
        long totalBits = 0;
        for (int i = 0; i < values.length; i++)
        {
            values[i] = (int)(random.nextLong() & ((1L << widths.get(i)) - 1));
            totalBits += widths.get(i);
        }
        final int capacity = (int)((totalBits / 8 + 8) & ~7);

        final byte[] ours = new byte[capacity];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(ours), 0, capacity);
        final byte[] theirs = new byte[capacity + 8];
        final FiedlerBitWriter reference = new FiedlerBitWriter().reset(theirs, capacity);
        for (int i = 0; i < values.length; i++)
        {
            writer.writeBits(values[i], widths.get(i));
            reference.writeBits(values[i], widths.get(i));
        }
        final int length = writer.flush();
        reference.flush();
        assertEquals(length, reference.bytesWritten());
        assertArrayEquals(Arrays.copyOf(ours, length), Arrays.copyOf(theirs, length));

        // Our reader over exactly the reference's bytes (no slack), theirs over ours plus the slack it needs.
        final BitReader reader = new BitReader(new UnsafeBuffer(Arrays.copyOf(theirs, length)), 0, length);
        final FiedlerBitReader referenceReader = new FiedlerBitReader().reset(Arrays.copyOf(ours, length + 8), length);
        for (int i = 0; i < values.length; i++)
        {
            assertEquals(values[i], reader.readBits(widths.get(i)), "statesync reading field " + i);
            assertEquals(values[i], referenceReader.readBits(widths.get(i)), "reference reading field " + i);
        }
        reader.readTrailingPadding();
        assertFalse(reader.isFailed());
    }

    @Property(tries = 500)
    void referenceStreamsCodeEveryBitStreamCallAsStatesyncs(@ForAll final long seed, @ForAll @IntRange(max = 200) final int fields)
    {
        final byte[] ours = new byte[4096];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(ours), 0, ours.length);
        final byte[] theirs = new byte[4096 + 8];
        final FiedlerWriteStream reference = new FiedlerWriteStream().reset(theirs, 4096);
        final int[] written = script(writer, seed, fields, null);
        assertArrayEquals(written, script(reference, seed, fields, null));
        final int length = writer.flush();
        assertEquals(length, reference.flush());
        assertArrayEquals(Arrays.copyOf(ours, length), Arrays.copyOf(theirs, length));

        final FiedlerReadStream referenceReader = new FiedlerReadStream().reset(Arrays.copyOf(ours, length + 8), length);
        assertArrayEquals(written, script(referenceReader, seed, fields, written));
        assertFalse(referenceReader.isFailed());
        final BitReader reader = new BitReader(new UnsafeBuffer(theirs), 0, length);
        assertArrayEquals(written, script(reader, seed, fields, written));
        assertFalse(reader.isFailed());
    }

    /** A seeded sequence of every BitStream call; returns the values the stream held after each. */
    private static int[] script(final BitStream stream, final long seed, final int fields, final int[] expected)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] held = new int[fields];
        for (int i = 0; i < fields; i++)
        {
            switch (random.nextInt(7))
            {
                case 0 ->
                {
                    final int bits = 1 + random.nextInt(32);
                    held[i] = stream.serializeBits((int)(random.nextLong() & ((1L << bits) - 1)), bits);
                }
                case 1 ->
                {
                    final int min = random.nextInt(-1000, 1000);
                    final int max = min + random.nextInt(100_000);
                    held[i] = stream.serializeInt(random.nextInt(min, max + 1), min, max);
                }
                case 2 -> held[i] = stream.serializeBool(random.nextBoolean()) ? 1 : 0;
                case 3 -> held[i] = stream.serializeZigZag(random.nextInt(-512, 512), 11);
                case 4 -> held[i] = stream.serializeLadder(random.nextInt(LADDER.maxValue() + 1), LADDER);
                case 5 -> held[i] = Float.floatToRawIntBits(stream.serializeFloat(Float.intBitsToFloat(random.nextInt())));
                default ->
                {
                    stream.serializeAlign();
                    held[i] = -1;
                }
            }
        }
        return held;
    }
}
