package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.statesync.codec.entropy.ContextModel;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** {@link MotionContext}'s residual contexts and its packing of the predictor alternative. */
class MotionContextTest
{
    /**
     * Every (group, axis, class, earlier-magnitude level, alternative level) names a context of its own, except that
     * groups other than position share one across alternatives; rotation has four earlier-magnitude levels (up to 2,
     * 10, 40, more), the other groups three (up to 3, 31, more); all lie below the refs' contexts, which lie inside
     * the model.
     */
    @Example
    void residualContextsAreDistinctAndInsideTheModel()
    {
        final java.util.Map<Integer, String> names = new java.util.HashMap<>();
        for (int group = 0; group < 4; group++)
        {
            final int[] magnitudes = group == MotionContext.GROUP_ROTATION ? new int[]{0, 3, 11, 41} : new int[]{0, 4, 32};
            final int[] sameLevel = group == MotionContext.GROUP_ROTATION ? new int[]{2, 10, 40, 1000} : new int[]{3, 31, 1000};
            for (int axis = 0; axis < 3; axis++)
            {
                for (int motionClass = 0; motionClass < MotionContext.CLASSES; motionClass++)
                {
                    for (int m = 0; m < magnitudes.length; m++)
                    {
                        for (int level = 0; level < MotionContext.ALTERNATIVE_LEVELS; level++)
                        {
                            final int context =
                                MotionContext.residualContext(group, axis, motionClass, magnitudes[m], level);
                            assertTrue(context >= 0 && context < MotionContext.RESIDUAL_CONTEXTS_USED, "context " + context);
                            assertEquals(context,
                                MotionContext.residualContext(group, axis, motionClass, sameLevel[m], level),
                                "the level's largest magnitude");
                            final String name = group + "/" + axis + "/" + motionClass + "/" + m + "/" +
                                (group == MotionContext.GROUP_POSITION ? level : 0);
                            final String before = names.putIfAbsent(context, name);
                            assertTrue(before == null || before.equals(name), "context " + context + " named twice");
                        }
                    }
                }
            }
        }
        assertEquals(MotionContext.RESIDUAL_CONTEXTS_USED, names.size());
        assertTrue(BaselineRefs.NEWEST_CONTEXT >= MotionContext.RESIDUAL_CONTEXTS_USED);
        assertTrue(BaselineRefs.CONTEXTS_USED <= ContextModel.RESIDUAL_CONTEXTS);
    }

    /** Folding the alternative in leaves the classes and directions as they were and reads back as its level. */
    @Property(tries = 500)
    void alternativeFoldsIntoThePackedContext(
        @ForAll @IntRange(min = 0, max = 10) final int positionClass,
        @ForAll @IntRange(min = 0, max = 10) final int rotationClass,
        @ForAll @IntRange(min = 0, max = 63) final int flips,
        @ForAll @IntRange(min = 0, max = 15) final int alternative)
    {
        final int packed = MotionContext.pack(positionClass, rotationClass) | flips << MotionContext.DIRECTION_SHIFT;
        final int with = MotionContext.withAlternative(packed, alternative);
        assertEquals(positionClass, MotionContext.positionClass(with));
        assertEquals(rotationClass, MotionContext.rotationClass(with));
        for (int component = 0; component < 6; component++)
        {
            assertEquals(MotionContext.direction(packed, component), MotionContext.direction(with, component));
        }
        assertEquals(Math.min(alternative, MotionContext.ALTERNATIVE_LEVELS - 1), MotionContext.alternativeLevel(with));
        assertEquals(0, MotionContext.alternativeLevel(packed));
    }

    /**
     * Folding the previous alternative in leaves everything else the packed context carries as it was (classes,
     * directions, alternative level, vertical class, ground contact) and reads back.
     */
    @Property(tries = 500)
    void previousAlternativeFoldsIntoThePackedContext(
        @ForAll @IntRange(min = 0, max = 10) final int positionClass,
        @ForAll @IntRange(min = 0, max = 10) final int rotationClass,
        @ForAll @IntRange(min = 0, max = 63) final int flips,
        @ForAll @IntRange(min = 0, max = 15) final int alternative,
        @ForAll @IntRange(min = 0, max = 15) final int vertical,
        @ForAll @IntRange(min = 0, max = 127) final int ground,
        @ForAll @IntRange(min = 0, max = PreviousAlternative.VALUES - 1) final int previous)
    {
        final int packed = MotionContext.withGround(MotionContext.pack(positionClass, rotationClass) |
            flips << MotionContext.DIRECTION_SHIFT | vertical << MotionContext.VERTICAL_SHIFT, ground);
        final int with = MotionContext.withAlternative(MotionContext.withPreviousAlternative(packed, previous), alternative);
        assertEquals(previous, MotionContext.previousAlternative(with));
        assertEquals(0, MotionContext.previousAlternative(packed));
        assertEquals(positionClass, MotionContext.positionClass(with));
        assertEquals(rotationClass, MotionContext.rotationClass(with));
        assertEquals(vertical, MotionContext.verticalClass(with));
        assertEquals(ground, MotionContext.ground(with));
        assertEquals(Math.min(alternative, MotionContext.ALTERNATIVE_LEVELS - 1), MotionContext.alternativeLevel(with));
        for (int component = 0; component < 6; component++)
        {
            assertEquals(MotionContext.direction(packed, component), MotionContext.direction(with, component));
        }
    }
}
