package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitStream;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * Scripts of range-coded fields for the coder's tests: every kind of call ({@link #script} draws them at random,
 * {@link #shaped} in the shapes where a coder's ends go wrong), and the one routine that codes or decodes a script
 * ({@link #run}).
 */
final class CoderScripts
{
    static final int KINDS = 10;
    static final int RESIDUAL = 0;
    static final int FLAG = 1;
    static final int BITS = 2;
    static final int INT = 3;
    static final int BOOL = 4;
    static final int ZIGZAG = 5;
    static final int LADDER = 6;
    static final int FLOAT = 7;
    static final int BYTES = 8;
    static final int RESIDUAL_RUN = 9;
    /** Shapes of {@link #shaped}. */
    static final int SHAPES = 9;

    /** A script of fields: kind, two parameters and a value each, drawn from a seed. */
    record Script(int[] kind, int[] a, int[] b, int[] value, byte[][] bytes)
    {
        int size()
        {
            return kind.length;
        }
    }

    private CoderScripts()
    {
    }

    /** @return a random script of 1 to 400 fields of every kind. */
    static Script script(final long seed)
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
            field(random, hotContexts, random.nextInt(KINDS), i, kind, a, b, value, bytes);
        }
        return new Script(kind, a, b, value, bytes);
    }

    /**
     * A script in one of {@link #SHAPES} shapes where a coder's start and end go wrong: 0, no field; 1 and 2, one
     * or two fields; 3, a long run of one flag, nearly always the same (the model's most skewed probabilities),
     * ending on either value; 4, direct all-ones words (0xFF bytes pending a carry for as long as the run lasts),
     * then a few random fields that may carry through them; 5, whole bytes of direct bits, 0xFF or random (each
     * ends right after a renormalization); 6, skewed flags with the rare value in the last few (the interval at
     * the top of the range: 0xFF runs and carries); 7, a random script; 8, a random script whose values are
     * those decoded from a few random bytes followed by zeros, so its final interval holds that short value, just
     * above its low end as a rule: {@code low} ends in a run of 0xFF, and the shortest ending carries through it.
     */
    static Script shaped(final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int shape = random.nextInt(SHAPES);
        if (shape == 7)
        {
            return script(random.nextLong());
        }
        if (shape == 8)
        {
            return decodedFromAShortValue(script(random.nextLong()), random);
        }
        final int capacity = 2100;
        final int[] kind = new int[capacity];
        final int[] a = new int[capacity];
        final int[] b = new int[capacity];
        final int[] value = new int[capacity];
        final byte[][] bytes = new byte[capacity][];
        final int hotContexts = 1 + random.nextInt(3);
        int size = 0;
        switch (shape)
        {
            case 0 ->
            {
            }
            case 1, 2 ->
            {
                for (; size < shape; size++)
                {
                    field(random, hotContexts, random.nextInt(KINDS), size, kind, a, b, value, bytes);
                }
            }
            case 3, 6 ->
            {
                final int context = random.nextInt(ContextModel.FLAG_CONTEXTS);
                final int usual = random.nextInt(2);
                final int count = 1 + random.nextInt(2000);
                final int rareAtEnd = shape == 6 ? 1 + random.nextInt(4) : random.nextInt(2);
                for (; size < count; size++)
                {
                    kind[size] = FLAG;
                    a[size] = context;
                    value[size] = size >= count - rareAtEnd ? 1 - usual : usual;
                }
            }
            case 4 ->
            {
                final int words = 1 + random.nextInt(40);
                for (; size < words; size++)
                {
                    kind[size] = BITS;
                    a[size] = 32;
                    value[size] = -1;
                }
                final int fields = words + random.nextInt(4);
                for (; size < fields; size++)
                {
                    field(random, hotContexts, random.nextInt(KINDS), size, kind, a, b, value, bytes);
                }
            }
            case 5 ->
            {
                final int count = 1 + random.nextInt(30);
                final boolean ones = random.nextBoolean();
                for (; size < count; size++)
                {
                    kind[size] = BITS;
                    a[size] = 8;
                    value[size] = ones ? 0xFF : random.nextInt(256);
                }
            }
            default -> throw new IllegalStateException();
        }
        return new Script(Arrays.copyOf(kind, size), Arrays.copyOf(a, size),
            Arrays.copyOf(b, size), Arrays.copyOf(value, size), Arrays.copyOf(bytes, size));
    }

    /**
     * @return {@code script} with single residuals for its runs of residuals: a run reads back as a digest of its
     * three values, which is not a value to code and may be the same for other values (41, 19, 41 and 41, 20, 10).
     */
    static Script withoutRuns(final Script script)
    {
        final int[] kind = script.kind().clone();
        for (int i = 0; i < kind.length; i++)
        {
            kind[i] = kind[i] == RESIDUAL_RUN ? RESIDUAL : kind[i];
        }
        return new Script(kind, script.a(), script.b(), script.value(), script.bytes());
    }

    private static Script decodedFromAShortValue(final Script drawn, final SplittableRandom random)
    {
        final Script script = withoutRuns(drawn);
        final byte[] value = new byte[1 << 13];
        for (int i = random.nextInt(4); i >= 0; i--)
        {
            value[i] = (byte)random.nextInt(256);
        }
        final int[] read = new int[script.size()];
        final byte[][] readBytes = new byte[script.size()][];
        run(new RangeBitReader().wrap(new UnsafeBuffer(value), 0, value.length), script, read,
            readBytes);
        return new Script(script.kind(), script.a(), script.b(), read, readBytes);
    }

    /** Draw field {@code i} of kind {@code k} into the arrays. */
    static void field(
        final SplittableRandom random,
        final int hotContexts,
        final int k,
        final int i,
        final int[] kind,
        final int[] a,
        final int[] b,
        final int[] value,
        final byte[][] bytes)
    {
        kind[i] = k;
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
    static void run(final BitStream stream, final Script script, final int[] read, final byte[][] readBytes)
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
}
