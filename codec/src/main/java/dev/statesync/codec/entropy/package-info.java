/**
 * Adaptive binary range coding behind the same {@link dev.statesync.codec.bits.BitStream} interface: a
 * {@link dev.statesync.codec.entropy.ContextModel} of integer-exact probabilities that both ends update
 * identically, and the writer and reader that code against it. Serialize routines that want modeled
 * symbols test for {@link dev.statesync.codec.entropy.ModeledBitStream}.
 */
package dev.statesync.codec.entropy;
