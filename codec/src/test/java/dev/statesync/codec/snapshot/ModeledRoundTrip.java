package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.entropy.RangeBitWriter;

/** Range-codes objects with one {@link ObjectCodec} and decodes them with another, as the two ends of a link do. */
final class ModeledRoundTrip
{
    private ModeledRoundTrip()
    {
    }

    /**
     * Code every object of {@code states} against its prediction in its motion context with {@code sending}, decode
     * them with {@code receiving} (into a record pre-filled with garbage), and assert neither end failed and every
     * object decoded to what was sent.
     *
     * @param stride ints per object record.
     */
    static void assertDecodesToWhatWasSent(
        final ObjectCodec sending,
        final ObjectCodec receiving,
        final int[] states,
        final int[] predictions,
        final int[] motion,
        final int stride)
    {
        final int objects = motion.length;
        final byte[] storage = new byte[4096];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        for (int i = 0; i < objects; i++)
        {
            sending.serialize(writer, states, i * stride, predictions, i * stride, motion[i]);
        }
        final int length = writer.finish();
        assertFalse(writer.isFailed());

        final int[] decoded = new int[objects * stride];
        Arrays.fill(decoded, 777);
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(storage), 0, length);
        for (int i = 0; i < objects; i++)
        {
            receiving.serialize(reader, decoded, i * stride, predictions, i * stride, motion[i]);
        }
        assertFalse(reader.isFailed());
        assertArrayEquals(states, decoded);
    }
}
