package dev.statesync.codec.bits;

import java.util.List;

import org.junit.jupiter.api.Assertions;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * A generated script of bitpacker fields, one unified serialize routine that runs it against any
 * {@link BitStream}, and an independent bit-at-a-time reference encoder of the format for comparison.
 */
public final class BitOps
{
    public static final BitLadder LADDER = new BitLadder(0, 2, 5, 12);

    public enum Kind
    {
        BITS, INT, BOOL, ZIGZAG, LADDER, FLOAT, ALIGN, BYTES
    }

    /** One field: its kind, parameters a/b (bits or min/max), the value, and bytes for BYTES. */
    public record Op(Kind kind, int a, int b, int value, byte[] bytes)
    {
        @Override
        public String toString()
        {
            return kind + "(" + a + "," + b + ")=" + value + (bytes == null ? "" : "[" + bytes.length + "B]");
        }
    }

    private BitOps()
    {
    }

    public static Arbitrary<Op> ops()
    {
        final Arbitrary<Op> bits = Arbitraries.integers().between(1, 32).flatMap(n ->
            Arbitraries.integers().map(v -> new Op(Kind.BITS, n, 0, n == 32 ? v : (int)(v & Bits.lowMask(n)), null)));
        final Arbitrary<Op> bounded = Combinators.combine(
            Arbitraries.integers(), Arbitraries.longs().between(0, 0xFFFF_FFFFL), Arbitraries.longs().between(0, 0xFFFF_FFFFL))
            .as((min, range, pick) ->
            {
                final long max = Math.min((long)min + range, Integer.MAX_VALUE);
                final long value = min + (max == min ? 0 : pick % (max - min + 1));
                return new Op(Kind.INT, min, (int)max, (int)value, null);
            });
        final Arbitrary<Op> bool = Arbitraries.integers().between(0, 1).map(v -> new Op(Kind.BOOL, 0, 0, v, null));
        final Arbitrary<Op> zigZag = Arbitraries.integers().between(1, 32).flatMap(n ->
            Arbitraries.longs().between(-(1L << (n - 1)), (1L << (n - 1)) - 1)
                .map(v -> new Op(Kind.ZIGZAG, n, 0, (int)(long)v, null)));
        final Arbitrary<Op> ladder = Arbitraries.integers().between(0, LADDER.maxValue())
            .map(v -> new Op(Kind.LADDER, 0, 0, v, null));
        final Arbitrary<Op> floats = Arbitraries.integers().map(v -> new Op(Kind.FLOAT, 0, 0, v, null));
        final Arbitrary<Op> align = Arbitraries.just(new Op(Kind.ALIGN, 0, 0, 0, null));
        final Arbitrary<Op> bytes = Arbitraries.bytes().array(byte[].class).ofMaxSize(6)
            .map(b -> new Op(Kind.BYTES, 0, 0, 0, b));
        return Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(6, bits), net.jqwik.api.Tuple.of(3, bounded), net.jqwik.api.Tuple.of(3, bool),
            net.jqwik.api.Tuple.of(2, zigZag), net.jqwik.api.Tuple.of(2, ladder), net.jqwik.api.Tuple.of(1, floats),
            net.jqwik.api.Tuple.of(1, align), net.jqwik.api.Tuple.of(1, bytes));
    }

    /** The single serialize routine: write, read and measure all run this. */
    public static void serialize(final BitStream stream, final List<Op> ops, final int[] values, final byte[][] bytes)
    {
        for (int i = 0; i < ops.size(); i++)
        {
            final Op op = ops.get(i);
            switch (op.kind())
            {
                case BITS -> values[i] = stream.serializeBits(values[i], op.a());
                case INT -> values[i] = stream.serializeInt(values[i], op.a(), op.b());
                case BOOL -> values[i] = stream.serializeBool(values[i] != 0) ? 1 : 0;
                case ZIGZAG -> values[i] = stream.serializeZigZag(values[i], op.a());
                case LADDER -> values[i] = stream.serializeLadder(values[i], LADDER);
                case FLOAT -> values[i] = Float.floatToRawIntBits(stream.serializeFloat(Float.intBitsToFloat(values[i])));
                case ALIGN -> stream.serializeAlign();
                case BYTES -> stream.serializeBytes(bytes[i], 0, bytes[i].length);
                default -> throw new IllegalStateException();
            }
        }
    }

    public static int[] values(final List<Op> ops)
    {
        final int[] values = new int[ops.size()];
        for (int i = 0; i < values.length; i++)
        {
            values[i] = ops.get(i).value();
        }
        return values;
    }

    public static byte[][] bytes(final List<Op> ops)
    {
        final byte[][] bytes = new byte[ops.size()][];
        for (int i = 0; i < bytes.length; i++)
        {
            final byte[] b = ops.get(i).bytes();
            bytes[i] = b == null ? null : b.clone();
        }
        return bytes;
    }

    public static byte[][] emptyBytesLike(final List<Op> ops)
    {
        final byte[][] bytes = new byte[ops.size()][];
        for (int i = 0; i < bytes.length; i++)
        {
            final byte[] b = ops.get(i).bytes();
            bytes[i] = b == null ? null : new byte[b.length];
        }
        return bytes;
    }

    /**
     * Assert that what a stream read back ({@code read}, {@code readBytes}, as {@link #serialize} fills them) equals
     * what {@code ops} wrote, field by field (alignments carry no value).
     */
    public static void assertReadBack(final List<Op> ops, final int[] read, final byte[][] readBytes)
    {
        final int[] expected = values(ops);
        for (int i = 0; i < ops.size(); i++)
        {
            if (ops.get(i).kind() == Kind.BYTES)
            {
                Assertions.assertArrayEquals(ops.get(i).bytes(), readBytes[i], "field " + i);
            }
            else if (ops.get(i).kind() != Kind.ALIGN)
            {
                Assertions.assertEquals(expected[i], read[i], "field " + i + " " + ops.get(i));
            }
        }
    }

    /**
     * The format written one bit at a time straight from its definition: bit k of the stream is bit
     * {@code k % 8} of byte {@code k / 8}. Shares no code with {@link BitWriter}.
     */
    public static final class ReferenceEncoder
    {
        final byte[] out = new byte[4096];
        int bit;

        void put(final long value, final int count)
        {
            for (int i = 0; i < count; i++)
            {
                if (((value >>> i) & 1) != 0)
                {
                    out[bit >>> 3] |= (byte)(1 << (bit & 7));
                }
                bit++;
            }
        }

        void align()
        {
            while ((bit & 7) != 0)
            {
                bit++;
            }
        }

        ReferenceEncoder encode(final List<Op> ops)
        {
            for (final Op op : ops)
            {
                switch (op.kind())
                {
                    case BITS -> put(op.value(), op.a());
                    case INT ->
                    {
                        final long range = (long)op.b() - op.a();
                        final int n = range == 0 ? 0 : 64 - Long.numberOfLeadingZeros(range);
                        put((long)op.value() - op.a(), n);
                    }
                    case BOOL -> put(op.value(), 1);
                    case ZIGZAG ->
                    {
                        final long v = op.value();
                        put(v >= 0 ? 2 * v : -2 * v - 1, op.a());
                    }
                    case LADDER -> encodeLadder(op.value());
                    case FLOAT -> put(op.value(), 32);
                    case ALIGN -> align();
                    case BYTES ->
                    {
                        align();
                        for (final byte b : op.bytes())
                        {
                            put(b & 0xFF, 8);
                        }
                    }
                    default -> throw new IllegalStateException();
                }
            }
            return this;
        }

        private void encodeLadder(final int value)
        {
            // LADDER widths {0, 2, 5, 12}: rungs start at 0, 1, 5, 37.
            final int[] widths = {0, 2, 5, 12};
            final int[] starts = {0, 1, 5, 37};
            int rung = widths.length - 1;
            while (value < starts[rung])
            {
                rung--;
            }
            for (int i = 0; i < rung; i++)
            {
                put(1, 1);
            }
            if (rung < widths.length - 1)
            {
                put(0, 1);
            }
            put(value - starts[rung], widths[rung]);
        }

        int bytesWritten()
        {
            return (bit + 7) >>> 3;
        }
    }
}
