/**
 * The bar the bitpacker is measured against: a Java bitpacker that works the way Glenn Fiedler's own Java port of
 * serialize (serialize.java, {@code mas-bandwidth/serialize.java}) does, written here from its algorithm so the JMH
 * benchmarks can run it and statesync's {@code BitWriter} / {@code BitReader} on the same fields in one run.
 *
 * <p>It trusts its input: its checks are Java {@code assert}s, which JMH forks (run without {@code -ea}) compile
 * away, plus an allocation contract (buffers a multiple of 8 bytes, 8 bytes of slack past the data). Nothing here
 * is for use on bytes from a network.
 */
package dev.statesync.bench.jmh.reference;
