package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;

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
     * groups other than position share one across alternatives; all lie below the refs' contexts, which lie inside
     * the model.
     */
    @Example
    void residualContextsAreDistinctAndInsideTheModel()
    {
        final BitSet used = new BitSet();
        final int[] magnitudes = {0, 4, 32};
        int distinct = 0;
        for (int group = 0; group < 4; group++)
        {
            for (int axis = 0; axis < 3; axis++)
            {
                for (int motionClass = 0; motionClass < MotionContext.CLASSES; motionClass++)
                {
                    for (final int magnitude : magnitudes)
                    {
                        for (int level = 0; level < MotionContext.ALTERNATIVE_LEVELS; level++)
                        {
                            final int context = MotionContext.residualContext(group, axis, motionClass, magnitude, level);
                            assertTrue(context >= 0 && context < MotionContext.RESIDUAL_CONTEXTS_USED, "context " + context);
                            if (group == MotionContext.GROUP_POSITION || level == 0)
                            {
                                assertTrue(!used.get(context), "context " + context + " named twice");
                                distinct++;
                            }
                            else
                            {
                                assertEquals(MotionContext.residualContext(group, axis, motionClass, magnitude, 0), context);
                            }
                            used.set(context);
                        }
                    }
                }
            }
        }
        assertEquals(MotionContext.RESIDUAL_CONTEXTS_USED, distinct);
        assertEquals(MotionContext.RESIDUAL_CONTEXTS_USED, used.cardinality());
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
