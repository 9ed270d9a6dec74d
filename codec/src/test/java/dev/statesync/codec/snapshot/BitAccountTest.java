package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.entropy.BitAccount;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The bit account charged by the range coder: exact, complete, attributed, and invisible on the wire. */
class BitAccountTest
{
    private static final int OBJECTS = 40;
    private static final int TICKS = 12;
    /**
     * The most a frame writes beyond its information: the coder's flush of at most one byte, on top of the up to 8
     * bits of information not yet written (the range's width), plus 1 for the account's rounding of costs.
     */
    private static final double MAX_OVERHEAD_BITS = 8 + 8 + 1;
    /**
     * The most a frame writes below its information: a flush of no byte when the pending bytes alone (followed by
     * zeros) lie in the final interval, while up to 8 bits of the information are the range's width below them;
     * plus 1 for the account's rounding.
     */
    private static final double MIN_OVERHEAD_BITS = -8 - 1;

    @Property(tries = 60)
    void accountedBitsAddUpToEachSentFrameAndTheBytesDoNotChange(
        @ForAll @IntRange(max = 5) final int schemaIndex, @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SnapshotConfig config = new SnapshotConfig().rangeCoded(true);
        final Predictor predictor = new LinearExtrapolationPredictor(false);
        final SnapshotSender plain = new SnapshotSender(schema, OBJECTS, predictor, new ObjectCodec(schema), config);
        final SnapshotSender accounted = new SnapshotSender(schema, OBJECTS, predictor, new ObjectCodec(schema), config);
        final BitAccount account = new BitAccount(OBJECTS);
        for (int i = 0; i < OBJECTS; i++)
        {
            account.objectClass(i, i % 2 == 0 ? 2 : 5);
        }
        accounted.bitAccount(account);
        final SplittableRandom random = new SplittableRandom(seed);
        final QuantizedStates states = new QuantizedStates(schema, OBJECTS);
        final int[] record = new int[schema.stride()];
        for (int i = 0; i < OBJECTS; i++)
        {
            RandomStates.randomRecord(schema, random, record, 0);
            states.copyFrom(i, record, 0);
        }
        final UnsafeBuffer plainBytes = new UnsafeBuffer(new byte[16384]);
        final UnsafeBuffer accountedBytes = new UnsafeBuffer(new byte[16384]);
        long rangeFrames = 0;
        for (int tick = 1; tick <= TICKS; tick++)
        {
            final double before = total(account);
            final long codedBefore = account.codedBits();
            final int plainLength = plain.encodeFramed(tick, states, null, 0, plainBytes, 0, plainBytes.capacity(), tick);
            final int length = accounted.encodeFramed(tick, states, null, 0, accountedBytes, 0,
                accountedBytes.capacity(), tick);
            assertEquals(plainLength, length);
            assertArrayEquals(Arrays.copyOf(plainBytes.byteArray(), plainLength),
                Arrays.copyOf(accountedBytes.byteArray(), length));
            final double frameBits = total(account) - before;
            final long codedBits = account.codedBits() - codedBefore;
            if (SnapshotFormat.isRangeCoded(accountedBytes.getByte(0)))
            {
                rangeFrames++;
                // No format byte: the frame is the range coder's bytes alone.
                assertEquals(length * 8L, codedBits);
                assertTrue(codedBits - frameBits >= MIN_OVERHEAD_BITS && codedBits - frameBits <= MAX_OVERHEAD_BITS,
                    "coded " + codedBits + " bits, accounted " + frameBits);
            }
            else
            {
                assertEquals(0, codedBits);
                assertEquals(0.0, frameBits);
            }
            if (tick % 3 != 0)
            {
                plain.onAcked(tick);
                accounted.onAcked(tick);
            }
            for (int i = 0; i < OBJECTS; i++)
            {
                if (random.nextInt(3) != 0)
                {
                    states.copyTo(i, record, 0);
                    RandomStates.evolve(schema, random, record, 0);
                    states.copyFrom(i, record, 0);
                }
            }
        }
        assertEquals(rangeFrames, account.frames());
        double byCategory = 0;
        for (int category = 0; category < BitAccount.CATEGORIES; category++)
        {
            byCategory += account.categoryBits(category);
        }
        assertEquals(total(account), byCategory, 1e-6);
        if (rangeFrames > 0)
        {
            // Every frame has a tick (anchored at least 6 bits: flag, distance, one-per-sequence flag); objects are
            // only ever charged to the classes they were given.
            assertTrue(account.bits(BitAccount.HEADER, BitAccount.CLASS_PACKET) >= 6.0 * rangeFrames);
            assertTrue(account.classBits(2) + account.classBits(5) > 0);
            for (final int unused : new int[] {1, 3, 4, 6, 7})
            {
                assertEquals(0.0, account.classBits(unused));
            }
            assertEquals(0.0, account.bits(BitAccount.POSITION, BitAccount.CLASS_PACKET));
            assertEquals(0.0, account.bits(BitAccount.REFS, BitAccount.CLASS_PACKET));
        }
    }

    private static double total(final BitAccount account)
    {
        double sum = 0;
        for (int c = 0; c < BitAccount.CLASSES; c++)
        {
            sum += account.classBits(c);
        }
        return sum;
    }
}
