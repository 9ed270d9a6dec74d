package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.statesync.codec.predict.PredictionInput;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link MotionContext}'s branch-free arithmetic (residual contexts, directions, the flips of {@link MotionContext#of})
 * against the branching code it replaced, kept here as the oracle: both ends must derive the same contexts as before,
 * or the wire changes.
 */
class MotionContextArithmeticTest
{
    private static final int CLASSES = MotionContext.CLASSES;
    private static final int AXES = 3;
    private static final int PREVIOUS_LEVELS = 3;
    private static final int UNSPLIT_CONTEXTS = 4 * AXES * CLASSES * PREVIOUS_LEVELS;
    private static final int SPLIT_CONTEXTS = AXES * CLASSES * PREVIOUS_LEVELS;
    private static final int ROTATION_TOP_CONTEXTS =
        UNSPLIT_CONTEXTS + (MotionContext.ALTERNATIVE_LEVELS - 1) * SPLIT_CONTEXTS;

    /** The residual context as computed before it went branch-free. */
    static int oldResidualContext(
        final int group, final int axis, final int motionClass, final int previousMagnitude, final int alternativeLevel)
    {
        if (group == MotionContext.GROUP_ROTATION)
        {
            if (previousMagnitude > 40)
            {
                return ROTATION_TOP_CONTEXTS + axis * CLASSES + motionClass;
            }
            final int level = previousMagnitude > 10 ? 2 : previousMagnitude > 2 ? 1 : 0;
            return ((group * AXES + axis) * CLASSES + motionClass) * PREVIOUS_LEVELS + level;
        }
        final int previousLevel = previousMagnitude > 31 ? 2 : previousMagnitude > 3 ? 1 : 0;
        final int context = ((group * AXES + axis) * CLASSES + motionClass) * PREVIOUS_LEVELS + previousLevel;
        return group == MotionContext.GROUP_POSITION && alternativeLevel > 0 ?
            UNSPLIT_CONTEXTS + (alternativeLevel - 1) * SPLIT_CONTEXTS + context : context;
    }

    /** The flips of {@link MotionContext#of} as computed before they went branch-free. */
    static int oldFlips(final PredictionInput in)
    {
        final StateSchema schema = in.schema();
        final StateRecord newest = in.newest();
        final StateRecord older = in.older();
        int flips = 0;
        for (int axis = 0; axis < schema.positionAxes(); axis++)
        {
            final long delta = (long)newest.position(axis) - older.position(axis);
            flips |= delta < 0 ? 1 << axis : 0;
        }
        if (schema.is3d())
        {
            final boolean largestChanged = newest.rotationLargest() != older.rotationLargest();
            for (int i = 0; i < 3; i++)
            {
                final long delta = (long)newest.rotationCode(i) - older.rotationCode(i);
                flips |= delta < 0 && !largestChanged ? 1 << (3 + i) : 0;
            }
        }
        return flips;
    }

    @Property(tries = 5000)
    void residualContextMatchesTheBranchingForm(
        @ForAll @IntRange(min = 0, max = 3) final int group,
        @ForAll @IntRange(min = 0, max = 2) final int axis,
        @ForAll @IntRange(min = 0, max = 10) final int motionClass,
        @ForAll("magnitudes") final int previousMagnitude,
        @ForAll @IntRange(min = 0, max = 3) final int alternativeLevel)
    {
        assertEquals(oldResidualContext(group, axis, motionClass, previousMagnitude, alternativeLevel),
            MotionContext.residualContext(group, axis, motionClass, previousMagnitude, alternativeLevel));
    }

    /** Every threshold and its neighbours, and the int extremes, exhaustively. */
    @Example
    void residualContextMatchesAtEveryThreshold()
    {
        final int[] magnitudes = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -41, -11, -1, 0, 1, 2, 3, 4, 5, 9, 10, 11,
            12, 30, 31, 32, 33, 39, 40, 41, 42, 1000, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
        for (int group = 0; group < 4; group++)
        {
            for (int axis = 0; axis < 3; axis++)
            {
                for (int motionClass = 0; motionClass < CLASSES; motionClass++)
                {
                    for (final int magnitude : magnitudes)
                    {
                        for (int level = 0; level < 4; level++)
                        {
                            assertEquals(oldResidualContext(group, axis, motionClass, magnitude, level),
                                MotionContext.residualContext(group, axis, motionClass, magnitude, level),
                                group + "/" + axis + "/" + motionClass + "/" + magnitude + "/" + level);
                        }
                    }
                }
            }
        }
    }

    @Provide
    Arbitrary<Integer> magnitudes()
    {
        return Arbitraries.oneOf(Arbitraries.integers().between(-3, 60), Arbitraries.integers());
    }

    @Property(tries = 2000)
    void directionMatchesTheBranchingForm(@ForAll final int packed, @ForAll @IntRange(min = 0, max = 5) final int component)
    {
        final int old = ((packed >>> (MotionContext.DIRECTION_SHIFT + component)) & 1) != 0 ? -1 : 1;
        assertEquals(old, MotionContext.direction(packed, component));
    }

    /** The flips {@link MotionContext#of} packs are those of the branching form, on any pair of 3D records. */
    @Property(tries = 3000)
    void flipsMatchTheBranchingForm(
        @ForAll("fields") final int[] newest,
        @ForAll("fields") final int[] older,
        @ForAll @IntRange(min = 1, max = 5) final int gap,
        @ForAll final boolean sameLargest)
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final int stride = schema.stride();
        final int[] ring = new int[2 * stride];
        System.arraycopy(newest, 0, ring, 0, stride);
        System.arraycopy(older, 0, ring, stride, stride);
        if (sameLargest)
        {
            ring[stride + schema.rotationOffset()] = ring[schema.rotationOffset()];
        }
        final PredictionInput in = new PredictionInput(schema).newest(ring, 0, 1).older(ring, stride, 1 + gap);
        final int packed = MotionContext.of(in);
        assertEquals(oldFlips(in), (packed >>> MotionContext.DIRECTION_SHIFT) & 63);
    }

    @Provide
    Arbitrary<int[]> fields()
    {
        final int stride = StateSchema.snapshot3d().stride();
        return Arbitraries.oneOf(Arbitraries.integers().between(-3, 3), Arbitraries.integers())
            .array(int[].class).ofSize(stride);
    }
}
