package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.PredictionInput;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

import dev.statesync.codec.entropy.ContextModel;

/**
 * How fast an object moved between its two baselines, as the context its residuals are entropy-coded in.
 *
 * <p>Why: a residual's size follows the object's motion (a body sliding at 3 m/s is mispredicted by
 * centimetres, one at rest by nothing), and both ends know the baselines, so the coder can keep separate
 * statistics per motion class at no wire cost. The class is the bit length of the distance the object
 * moved between its baselines, scaled to the prediction's horizon, in grid units: {@code 0..8}, or
 * {@link #UNKNOWN} without an older baseline, or {@link #INTRA} for an object without baselines coded
 * against the previous such object in the same packet. Position and rotation get one class each, packed
 * into one int ({@link #pack}). Integer-only, so both ends agree.
 *
 * <p>It also records, per position axis and rotation code, whether that component decreased between the
 * baselines: residuals are coded with their sign flipped for those, so that the coder's sign statistics
 * read "along the motion" or "against it". On the cube scene three in four position residuals of a linear
 * prediction point against the motion (friction), which an unflipped sign cannot exploit. And how far the object
 * moved vertically ({@link #verticalClass}), which only {@link RollingCoupling} reads.
 */
public final class MotionContext
{
    /** Motion classes per field group: distance classes 0..8, {@link #UNKNOWN} and {@link #INTRA}. */
    public static final int CLASSES = 11;
    /** Class of an object with only one baseline: its motion is unknown. */
    public static final int UNKNOWN = 9;
    /** Class of an object coded against the previous baseline-less object of the same packet. */
    public static final int INTRA = 10;
    /** Packed context of an object with no motion information. */
    public static final int NONE = pack(UNKNOWN, UNKNOWN);
    /** Packed context of an object coded against an earlier object of the same packet. */
    public static final int INTRA_PACKET = pack(INTRA, INTRA);

    /** Field groups coded with residuals. */
    static final int GROUP_POSITION = 0;
    static final int GROUP_ROTATION = 1;
    static final int GROUP_LINEAR = 2;
    static final int GROUP_ANGULAR = 3;
    private static final int GROUPS = 4;
    private static final int AXES = 3;
    private static final int PREVIOUS_LEVELS = 3;
    /**
     * Predictor alternatives told apart in the position contexts: 0, 1, and 2 or above. A body the encoder
     * predicted by holding it, by extrapolating it or by its free flight is mispredicted in different ways, and the
     * decoder has read the alternative before the residuals. On the cube scene splitting position saved 27 bits per
     * snapshot (0.7%), splitting rotation too only 4 more for a third more model memory, so rotation is not split.
     */
    static final int ALTERNATIVE_LEVELS = 3;
    private static final int UNSPLIT_CONTEXTS = GROUPS * AXES * CLASSES * PREVIOUS_LEVELS;
    /** Contexts of the position group for one alternative level. */
    private static final int SPLIT_CONTEXTS = AXES * CLASSES * PREVIOUS_LEVELS;
    /**
     * Rotation residuals after a residual of the object above {@link #ROTATION_TOP_MAGNITUDE} (of its position or an
     * earlier rotation code) take a fourth level of their own: contexts per axis and class, after the split ones.
     */
    private static final int ROTATION_TOP_CONTEXTS = UNSPLIT_CONTEXTS + (ALTERNATIVE_LEVELS - 1) * SPLIT_CONTEXTS;
    private static final int ROTATION_TOP_MAGNITUDE = 40;
    /** Residual contexts the motion contexts take; other users of the model's residual contexts follow. */
    static final int RESIDUAL_CONTEXTS_USED = ROTATION_TOP_CONTEXTS + AXES * CLASSES;

    /** Flag contexts: perfect prediction by position class, at rest by predicted at rest, largest index kept. */
    static final int FLAG_PERFECT = 0;
    static final int FLAG_AT_REST = FLAG_PERFECT + CLASSES;
    static final int FLAG_SAME_LARGEST = FLAG_AT_REST + 2 * CLASSES;
    static final int FLAGS_USED = FLAG_SAME_LARGEST + CLASSES;

    static
    {
        if (BaselineRefs.CONTEXTS_USED > ContextModel.RESIDUAL_CONTEXTS ||
            FLAGS_USED + IndexCoding.FLAG_CONTEXTS > ContextModel.FLAG_CONTEXTS)
        {
            throw new ExceptionInInitializerError("motion contexts exceed the model's context space");
        }
    }

    private MotionContext()
    {
    }

    static final int DIRECTION_SHIFT = 8;
    private static final int ALTERNATIVE_SHIFT = 16;
    private static final int PREVIOUS_ALTERNATIVE_SHIFT = 18;
    static final int VERTICAL_SHIFT = 20;
    /** {@link #verticalClass} of a context without two baselines, or of a 2D schema: not known to be level. */
    static final int VERTICAL_UNKNOWN = 0;
    private static final int VERTICAL_MAX = 15;
    private static final int GROUND_SHIFT = 24;
    private static final int GROUND_MAX = 127;

    /**
     * @param packed a packed context.
     * @param ground a {@link GroundContact#contextOf} (0 .. 127).
     * @return the context with the newest baseline's ground contact folded in.
     */
    static int withGround(final int packed, final int ground)
    {
        return packed | ground << GROUND_SHIFT;
    }

    /** @return the {@link GroundContact#contextOf} folded in by {@link #withGround}, 0 if none (not touching). */
    static int ground(final int packed)
    {
        return (packed >>> GROUND_SHIFT) & GROUND_MAX;
    }

    /**
     * @param packed      a packed context from {@link #of} (or {@link #NONE}).
     * @param alternative the predictor alternative the object is coded against.
     * @return the context with the alternative folded in (its residual contexts tell alternatives apart).
     */
    static int withAlternative(final int packed, final int alternative)
    {
        return packed | Math.min(alternative, ALTERNATIVE_LEVELS - 1) << ALTERNATIVE_SHIFT;
    }

    /**
     * @param packed              a packed context from {@link #of} (or {@link #NONE}).
     * @param previousAlternative the {@link PreviousAlternative} stored with the newest baseline (0 .. 3).
     * @return the context with it folded in: {@link BaselineRefs#serializeAlternative} codes the alternative in it.
     */
    static int withPreviousAlternative(final int packed, final int previousAlternative)
    {
        return packed | previousAlternative << PREVIOUS_ALTERNATIVE_SHIFT;
    }

    /** @return the {@link PreviousAlternative} folded in by {@link #withPreviousAlternative}, 0 (unknown) if none. */
    static int previousAlternative(final int packed)
    {
        return (packed >>> PREVIOUS_ALTERNATIVE_SHIFT) & 3;
    }

    /** @return the alternative level folded in by {@link #withAlternative}, 0 if none. */
    static int alternativeLevel(final int packed)
    {
        return (packed >>> ALTERNATIVE_SHIFT) & 3;
    }

    /** @return position and rotation classes packed into one int (no direction flips). */
    public static int pack(final int positionClass, final int rotationClass)
    {
        return positionClass | (rotationClass << 4);
    }

    /**
     * @param component 0..2 position axes, 3..5 rotation codes.
     * @return -1 if the component decreased between the baselines (residuals are coded negated), else 1.
     */
    static int direction(final int packed, final int component)
    {
        // Branch-free (the bit is data-dependent): 1 - 2 * bit.
        return 1 - (((packed >>> (DIRECTION_SHIFT + component)) & 1) << 1);
    }

    /**
     * @return how far the object moved vertically (along z) between its baselines, scaled to the prediction's
     * horizon, as {@link #verticalClassOf} of the grid units; {@link #VERTICAL_UNKNOWN} without two baselines or in
     * 2D. For {@link RollingCoupling}, which rolls only objects that stayed level.
     */
    static int verticalClass(final int packed)
    {
        return (packed >>> VERTICAL_SHIFT) & VERTICAL_MAX;
    }

    /** @return 1 + the bit length of a vertical distance in grid units, at most 15; never {@link #VERTICAL_UNKNOWN}. */
    static int verticalClassOf(final long distance)
    {
        return 1 + Math.min(VERTICAL_MAX - 1, 64 - Long.numberOfLeadingZeros(distance));
    }

    /** @return the position class of a packed context. */
    public static int positionClass(final int packed)
    {
        return packed & 15;
    }

    /** @return the rotation class of a packed context. */
    public static int rotationClass(final int packed)
    {
        return (packed >>> 4) & 15;
    }

    /**
     * The packed motion context of an object predicted from two baselines: both ends compute it from the
     * same {@link PredictionInput} they hand the predictor.
     *
     * @param in the object's baselines and ages; {@link #NONE} without an older baseline or when the older is
     *           not older than the newest.
     * @return the packed context.
     */
    public static int of(final PredictionInput in)
    {
        final long span = in.baselineGapTicks();
        if (!in.hasOlder() || span <= 0)
        {
            return NONE;
        }
        final StateSchema schema = in.schema();
        final StateRecord newest = in.newest();
        final StateRecord older = in.older();
        long moved = 0;
        int flips = 0;
        for (int axis = 0; axis < schema.positionAxes(); axis++)
        {
            final long delta = (long)newest.position(axis) - older.position(axis);
            moved += Math.abs(delta);
            // The sign bit, without a data-dependent branch.
            flips |= (int)(delta >>> 63) << axis;
        }
        long turned = 0;
        boolean largestChanged = false;
        if (schema.is3d())
        {
            largestChanged = newest.rotationLargest() != older.rotationLargest();
            int rotationFlips = 0;
            for (int i = 0; i < 3; i++)
            {
                final long delta = (long)newest.rotationCode(i) - older.rotationCode(i);
                turned += Math.abs(delta);
                rotationFlips |= (int)(delta >>> 63) << (3 + i);
            }
            // Codes of different components are not comparable: no flips when the largest changed.
            flips |= largestChanged ? 0 : rotationFlips;
        }
        else
        {
            final int bits = schema.rotationBits();
            final int half = 1 << (bits - 1);
            turned = Math.abs((((newest.angle() - older.angle()) + half) & ((1 << bits) - 1)) - half);
        }
        final int newestAgeTicks = in.newestAgeTicks();
        final int rotationClass = largestChanged ? UNKNOWN - 1 : classOf(scaled(turned, newestAgeTicks, span));
        final int vertical = schema.positionAxes() == 3 ? verticalClassOf(
            scaled(Math.abs((long)newest.position(2) - older.position(2)), newestAgeTicks, span)) : VERTICAL_UNKNOWN;
        return pack(classOf(scaled(moved, newestAgeTicks, span)), rotationClass) | (flips << DIRECTION_SHIFT) |
            vertical << VERTICAL_SHIFT;
    }

    /** {@code distance * ageTicks / span}, without the 64-bit division when the baselines are a tick apart. */
    private static long scaled(final long distance, final int ageTicks, final long span)
    {
        final long product = distance * ageTicks;
        return span == 1 ? product : product / span;
    }

    private static int classOf(final long distance)
    {
        return Math.min(UNKNOWN - 1, 64 - Long.numberOfLeadingZeros(distance));
    }

    /**
     * @param previousMagnitude largest residual magnitude of the group's earlier components (0 for the first;
     *                          rotation's first is the position's largest); three levels (up to 3, up to 31, more)
     *                          measured 2% smaller than two on the cube scene once models carry across packets;
     *                          four (up to 2, 10, 40, more) 0.8% smaller than three (30 bits a snapshot), not kept
     *                          for every group: the model grows 30% (137,888 bytes, 4.4 MB per 32-model ring and
     *                          end), and copying it per packet cost more encode and decode time than the bits were
     *                          worth (results.md, "Fewer bits, round 2"). Rotation alone has four: 33 contexts
     *                          (5% of the model) for 11.7 bits a snapshot, 0.4% (round 14), since a cube that
     *                          tumbles is mispredicted in rotation by about as much as in position.
     * @param alternativeLevel  {@link #alternativeLevel} of the object's packed context: position residuals of
     *                          each level have contexts of their own ({@link #ALTERNATIVE_LEVELS}), the other
     *                          groups share theirs.
     * @return the residual context of one component.
     */
    static int residualContext(
        final int group, final int axis, final int motionClass, final int previousMagnitude, final int alternativeLevel)
    {
        // Branch-free: the levels and the alternative split are data-dependent (a residual's size, the alternative
        // chosen), so branches on them mispredict; each (x > k) is the sign bit of k - x in a long, exact for every
        // int. Only the rare top rotation level keeps a branch. Same contexts as before (MotionContextArithmeticTest
        // compares it with the branching form).
        final long magnitude = previousMagnitude;
        if (group == GROUP_ROTATION)
        {
            if (previousMagnitude > ROTATION_TOP_MAGNITUDE)
            {
                return ROTATION_TOP_CONTEXTS + axis * CLASSES + motionClass;
            }
            final int level = (int)((10L - magnitude) >>> 63) + (int)((2L - magnitude) >>> 63);
            return ((group * AXES + axis) * CLASSES + motionClass) * PREVIOUS_LEVELS + level;
        }
        final int previousLevel = (int)((31L - magnitude) >>> 63) + (int)((3L - magnitude) >>> 63);
        final int context = ((group * AXES + axis) * CLASSES + motionClass) * PREVIOUS_LEVELS + previousLevel;
        // Position comes first, so its contexts are below SPLIT_CONTEXTS; a split level adds
        // UNSPLIT_CONTEXTS + (alternativeLevel - 1) * SPLIT_CONTEXTS.
        final int split = (group == GROUP_POSITION ? 1 : 0) & (int)((0L - alternativeLevel) >>> 63);
        return context + split * (UNSPLIT_CONTEXTS + (alternativeLevel - 1) * SPLIT_CONTEXTS);
    }
}
