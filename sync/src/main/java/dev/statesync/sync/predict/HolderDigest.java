package dev.statesync.sync.predict;

import java.util.function.BiConsumer;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.BitWriter;

/**
 * Folds a user's state or input holder into a state digest through the holder's own codec: the engine does not
 * know the holder's fields, but its serialize routine writes all of them. For digests only, which are for tests
 * and diagnostics: it allocates a scratch buffer per holder, so keep it off any hot path.
 */
final class HolderDigest
{
    private HolderDigest()
    {
    }

    /**
     * @param hash       digest so far.
     * @param serializer the holder's codec, {@code (stream, holder) -> ...} with the unified-stream idiom.
     * @param holder     the holder; only read.
     * @return the digest with the holder's serialized bits folded in.
     */
    static <T> long mix(final long hash, final BiConsumer<BitStream, T> serializer, final T holder)
    {
        final BitMeasure measure = new BitMeasure();
        serializer.accept(measure, holder);
        final byte[] bytes = new byte[measure.bytes() + 8];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(bytes), 0, bytes.length);
        serializer.accept(writer, holder);
        final int length = writer.flush();
        long h = hash * 31 + length;
        for (int i = 0; i < length; i++)
        {
            h = h * 31 + bytes[i];
        }
        return h;
    }
}
