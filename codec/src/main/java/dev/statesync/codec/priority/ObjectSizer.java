package dev.statesync.codec.priority;

import dev.statesync.codec.bits.BitMeasure;

/**
 * Tells the {@link PriorityAccumulator} how many bits one object's update would take in the packet being
 * built, so objects can be packed against a budget without being written twice.
 *
 * <p>Return the exact figure from running the object's serialize routine against a {@link BitMeasure}: the
 * encoding varies per object and per packet (at rest or not, delta against which baseline, predicted or not),
 * so a guess either wastes budget or overflows the packet. Must not allocate if the packet path is to stay
 * allocation-free.
 */
@FunctionalInterface
public interface ObjectSizer
{
    /**
     * @param object index of the object, 0 .. objectCount - 1.
     * @return exact bits the object's encoding occupies in this packet, never negative.
     */
    int bitsFor(int object);
}
