package dev.statesync.codec.entropy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.BitWriter;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * {@link BitStream#serializeFlagRun} is that many {@link BitStream#serializeFlag} calls: the range coder's run (the
 * context's state in locals) against flags one call each, and the default against the same on a bitpacked stream,
 * over random runs between other fields: the same bytes, model and symbol count when writing (also into a region too
 * small, where the run stops after the flag that overflowed), and the same counts, failure and bytes consumed when
 * reading valid, truncated and random bytes.
 */
class FlagRunTest
{
    /** Runs and the fields between them, drawn from a seed. */
    private record Script(int[] context, int[] zeros, int[] limit, boolean[] endsOnOne, int[] between)
    {
        static Script of(final long seed)
        {
            final SplittableRandom random = new SplittableRandom(seed);
            final int runs = 1 + random.nextInt(40);
            final int[] context = new int[runs];
            final int[] zeros = new int[runs];
            final int[] limit = new int[runs];
            final boolean[] endsOnOne = new boolean[runs];
            final int[] between = new int[runs];
            final int hot = 1 + random.nextInt(4);
            for (int i = 0; i < runs; i++)
            {
                context[i] = random.nextInt(hot);
                limit[i] = random.nextInt(random.nextBoolean() ? 8 : 900);
                zeros[i] = limit[i] == 0 ? 0 : random.nextInt(limit[i] + 1);
                endsOnOne[i] = zeros[i] < limit[i];
                between[i] = random.nextInt(1 << random.nextInt(12)) - 20;
            }
            return new Script(context, zeros, limit, endsOnOne, between);
        }
    }

    /**
     * Serialize the script: each run (by {@code serializeFlagRun}, or flag by flag), its true flag when writing and
     * the run ended on one, then a residual. @return per run, what the run returned (or the flag-by-flag count).
     */
    private static int[] run(final BitStream stream, final Script script, final boolean asRuns)
    {
        final int[] counts = new int[script.zeros().length];
        for (int i = 0; i < counts.length && !stream.isFailed(); i++)
        {
            final int context = script.context()[i];
            final int limit = script.limit()[i];
            final int zeros = script.zeros()[i];
            int count;
            if (asRuns)
            {
                count = stream.serializeFlagRun(zeros, limit, context);
            }
            else
            {
                count = 0;
                final int flags = stream.isReading() ? limit : zeros;
                while (count < flags)
                {
                    final boolean flag = stream.serializeFlag(false, context);
                    if (stream.isFailed())
                    {
                        count++;
                        break;
                    }
                    if (flag)
                    {
                        break;
                    }
                    count++;
                }
            }
            counts[i] = count;
            if (!stream.isReading() && script.endsOnOne()[i] && !stream.isFailed())
            {
                stream.serializeFlag(true, context);
            }
            stream.serializeResidual(script.between()[i], 5);
        }
        return counts;
    }

    @Property(tries = 400)
    void theRangeCodersRunIsFlagByFlag(@ForAll final long seed)
    {
        final Script script = Script.of(seed);
        final SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        // Room to spare, or a region that ends inside the script.
        final int capacity = random.nextInt(4) == 0 ? 1 + random.nextInt(64) : 1 << 16;
        final byte[] asRuns = new byte[capacity];
        final byte[] oneByOne = new byte[capacity];
        final RangeBitWriter runs = new RangeBitWriter().wrap(new UnsafeBuffer(asRuns), 0, capacity);
        final RangeBitWriter flags = new RangeBitWriter().wrap(new UnsafeBuffer(oneByOne), 0, capacity);
        assertArrayEquals(run(flags, script, false), run(runs, script, true));
        assertEquals(flags.finish(), runs.finish());
        assertEquals(flags.isFailed(), runs.isFailed());
        assertArrayEquals(oneByOne, asRuns);
        assertTrue(runs.model().sameAs(flags.model()));
        assertEquals(flags.symbols(), runs.symbols());

        // Reading: the bytes written, cut short, or random.
        final int length = Math.min(capacity, flags.bytesWritten());
        final byte[][] inputs = {
            Arrays.copyOf(oneByOne, length),
            Arrays.copyOf(oneByOne, random.nextInt(length + 1)),
            randomBytes(random, random.nextInt(200))
        };
        for (final byte[] input : inputs)
        {
            final RangeBitReader runReader = new RangeBitReader().wrap(new UnsafeBuffer(input), 0, input.length);
            final RangeBitReader flagReader = new RangeBitReader().wrap(new UnsafeBuffer(input), 0, input.length);
            assertArrayEquals(run(flagReader, script, false), run(runReader, script, true));
            assertEquals(flagReader.isFailed(), runReader.isFailed());
            assertEquals(flagReader.bitsProcessed(), runReader.bitsProcessed());
            assertTrue(runReader.model().sameAs(flagReader.model()));
        }
    }

    @Property(tries = 200)
    void theDefaultRunIsFlagByFlag(@ForAll final long seed)
    {
        final Script script = Script.of(seed);
        final SplittableRandom random = new SplittableRandom(seed);
        final int capacity = random.nextInt(4) == 0 ? 8 * (1 + random.nextInt(8)) : 1 << 16;
        final byte[] asRuns = new byte[capacity];
        final byte[] oneByOne = new byte[capacity];
        final BitWriter runs = new BitWriter().wrap(new UnsafeBuffer(asRuns), 0, capacity);
        final BitWriter flags = new BitWriter().wrap(new UnsafeBuffer(oneByOne), 0, capacity);
        assertArrayEquals(run(flags, script, false), run(runs, script, true));
        assertEquals(flags.flush(), runs.flush());
        assertEquals(flags.isFailed(), runs.isFailed());
        assertArrayEquals(oneByOne, asRuns);
        final byte[] input = random.nextBoolean() ? oneByOne : randomBytes(random, 8 * random.nextInt(16));
        final BitReader runReader = new BitReader().wrap(new UnsafeBuffer(input), 0, input.length);
        final BitReader flagReader = new BitReader().wrap(new UnsafeBuffer(input), 0, input.length);
        assertArrayEquals(run(flagReader, script, false), run(runReader, script, true));
        assertEquals(flagReader.isFailed(), runReader.isFailed());
        assertEquals(flagReader.bitsProcessed(), runReader.bitsProcessed());
    }

    private static byte[] randomBytes(final SplittableRandom random, final int length)
    {
        final byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = (byte)random.nextInt(256);
        }
        return bytes;
    }
}
