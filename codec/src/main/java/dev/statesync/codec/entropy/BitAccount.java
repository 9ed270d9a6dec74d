package dev.statesync.codec.entropy;

/**
 * Where a range coder's bits go: an optional account a {@link RangeBitWriter} charges the exact information
 * cost of every symbol it codes (-log2 of the probability it coded the bit with, one bit per direct bit), in
 * 1/65536 bit, to the current field category and the current object's class. The packet routine names the
 * category and object as it goes ({@link dev.statesync.codec.bits.BitStream#accountCategory},
 * {@code accountObject}); those calls are no-ops on a writer without an account, so the hot path pays a null
 * test per coded bit and nothing else. The caller sets each object's class ({@link #objectClass(int, int)}):
 * the codec does not know the scene.
 *
 * <p>A writer's coding is tallied per frame ({@link #beginFrame}, from {@code wrap}); only a frame that is
 * actually sent range-coded is added to the totals ({@link #commitFrame}), so trial codings and frames sent
 * bitpacked are not counted. What the coder's output differs from the summed information cost (its final byte and
 * rounding: under a byte a frame on average, and negative in a frame whose last byte the reader's zero padding
 * completes) is {@link #overheadBits()}. Allocation-free after construction.
 */
public final class BitAccount
{
    /** Tick, model reference and object count. */
    public static final int HEADER = 0;
    /** Which objects the packet carries. */
    public static final int OBJECT_SET = 1;
    /** The packet's baseline table (size and ages). */
    public static final int BASELINE_TABLE = 2;
    /** Each object's baseline refs. */
    public static final int REFS = 3;
    /** Each object's predictor alternative. */
    public static final int PREDICTOR = 4;
    /** The perfect-prediction flag. */
    public static final int PERFECT_FLAG = 5;
    /** The at-rest flag. */
    public static final int AT_REST = 6;
    /** Position residuals. */
    public static final int POSITION = 7;
    /** Rotation residuals (largest-component flag and index included). */
    public static final int ROTATION = 8;
    /** Linear and angular velocity residuals. */
    public static final int VELOCITY = 9;
    /** Anything coded outside the categories above. */
    public static final int OTHER = 10;
    /** Number of categories. */
    public static final int CATEGORIES = 11;

    /** Class of packet-level fields (no object). */
    public static final int CLASS_PACKET = 0;
    /** Number of object classes an account keeps apart, {@link #CLASS_PACKET} included. */
    public static final int CLASSES = 8;

    private static final int FRACTION_BITS = 16;
    private static final long ONE_BIT = 1L << FRACTION_BITS;
    /** -log2(p / 4096) in 1/65536 bit for p in 1..4095. */
    private static final int[] COST = new int[ContextModel.ONE];

    static
    {
        for (int p = 1; p < ContextModel.ONE; p++)
        {
            COST[p] = (int)Math.round(-Math.log((double)p / ContextModel.ONE) / Math.log(2) * ONE_BIT);
        }
    }

    private static final String[] CATEGORY_NAMES = {
        "header", "object set", "baseline table", "refs", "predictor", "perfect flag", "at rest", "position",
        "rotation", "velocity", "other"};

    private final byte[] classOf;
    private final long[] frame = new long[CATEGORIES * CLASSES];
    private final long[] total = new long[CATEGORIES * CLASSES];
    private int category = OTHER;
    private int objectClass = CLASS_PACKET;
    private long codedBits;
    private long frames;

    /** @param objectCount objects whose class may be set; object ids outside are charged as packet fields. */
    public BitAccount(final int objectCount)
    {
        classOf = new byte[objectCount];
    }

    /** @return a category's name for reports. */
    public static String categoryName(final int category)
    {
        return CATEGORY_NAMES[category];
    }

    /** Set an object's class, 1 until {@link #CLASSES} - 1 (0: uncounted as an object). */
    public void objectClass(final int object, final int objectClass)
    {
        if (objectClass < 0 || objectClass >= CLASSES)
        {
            throw new IllegalArgumentException("class must be 0.." + (CLASSES - 1) + ", got " + objectClass);
        }
        classOf[object] = (byte)objectClass;
    }

    /** Start a frame's tally: packet fields, {@link #OTHER} until told otherwise. */
    public void beginFrame()
    {
        java.util.Arrays.fill(frame, 0L);
        category = OTHER;
        objectClass = CLASS_PACKET;
    }

    /** Charge what follows to {@code category}. */
    public void category(final int category)
    {
        this.category = category;
    }

    /** Charge what follows to {@code object}'s class; a negative object means packet fields. */
    public void object(final int object)
    {
        objectClass = object >= 0 && object < classOf.length ? classOf[object] : CLASS_PACKET;
    }

    void chargeBit(final int probabilityOfZero, final int bit)
    {
        frame[objectClass * CATEGORIES + category] += COST[bit == 0 ? probabilityOfZero : ContextModel.ONE - probabilityOfZero];
    }

    void chargeDirect(final int bits)
    {
        frame[objectClass * CATEGORIES + category] += bits * ONE_BIT;
    }

    /** Add the current frame, which the coder wrote in {@code codedBytes}, to the totals. */
    public void commitFrame(final int codedBytes)
    {
        for (int i = 0; i < frame.length; i++)
        {
            total[i] += frame[i];
        }
        codedBits += codedBytes * 8L;
        frames++;
    }

    /** @return the current frame's information cost in bits (all categories and classes). */
    public double frameBits()
    {
        long sum = 0;
        for (final long cost : frame)
        {
            sum += cost;
        }
        return (double)sum / ONE_BIT;
    }

    /** @return committed bits of {@code category} for objects of {@code objectClass}. */
    public double bits(final int category, final int objectClass)
    {
        return (double)total[objectClass * CATEGORIES + category] / ONE_BIT;
    }

    /** @return committed bits of {@code category} over all classes. */
    public double categoryBits(final int category)
    {
        long sum = 0;
        for (int c = 0; c < CLASSES; c++)
        {
            sum += total[c * CATEGORIES + category];
        }
        return (double)sum / ONE_BIT;
    }

    /** @return committed bits of objects of {@code objectClass} over all categories. */
    public double classBits(final int objectClass)
    {
        long sum = 0;
        for (int k = 0; k < CATEGORIES; k++)
        {
            sum += total[objectClass * CATEGORIES + k];
        }
        return (double)sum / ONE_BIT;
    }

    /** @return bytes the committed frames took, times 8. */
    public long codedBits()
    {
        return codedBits;
    }

    /** @return the coder's output beyond the summed information cost of the committed frames (flush, rounding). */
    public double overheadBits()
    {
        double sum = 0;
        for (int c = 0; c < CLASSES; c++)
        {
            sum += classBits(c);
        }
        return codedBits - sum;
    }

    /** @return frames committed. */
    public long frames()
    {
        return frames;
    }
}
