/**
 * Bit streams in serialize.h bit order: {@link dev.statesync.codec.bits.BitWriter}, {@link
 * dev.statesync.codec.bits.BitReader} and {@link dev.statesync.codec.bits.BitMeasure} all implement {@link
 * dev.statesync.codec.bits.BitStream}, so one serialize routine per structure writes, reads and measures.
 * Readers fail sticky on hostile bytes and never throw.
 */
package dev.statesync.codec.bits;
