/**
 * Bit writer designs that were measured against statesync's {@code BitWriter} and serialize.java's and lost, kept
 * so the figures in {@code src/site/results.md} can be reproduced ({@code BitWriterVariantBursts}). Not for use on
 * a network path: each writes the codec's bytes, but only over array-backed buffers.
 */
package dev.statesync.bench.jmh.variants;
