/**
 * Bounded quantization of scalars, vectors, 2D angles and quaternions (smallest three), and the
 * {@link dev.statesync.codec.quantize.StateQuantizer} that turns an engine's float state into quantized
 * records and back, for quantizing on both sides. Error bounds are tabled in {@code src/site/quantization.md}.
 */
package dev.statesync.codec.quantize;
