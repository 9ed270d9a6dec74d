/**
 * Which objects go in the next packet: the {@link dev.statesync.codec.priority.PriorityAccumulator} (Fiedler's
 * priority accumulator) and its allocation-free radix sort.
 */
package dev.statesync.codec.priority;
