/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.jmh;

import dev.statesync.sync.reliable.FragmentHeader;
import dev.statesync.sync.reliable.PacketHeader;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * Cost of writing then reading the reliable.io packet header (and the fragment header), which every
 * datagram pays twice. {@code -prof gc} must show no allocation.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Thread)
public class ReliabilityHeaderBenchmark
{
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
    private final PacketHeader packetHeader = new PacketHeader();
    private final FragmentHeader fragmentHeader = new FragmentHeader();
    private int sequence;

    /**
     * Header with a one-byte ack difference and a mix of present and absent ack_bits bytes.
     *
     * @return a value derived from the decoded fields, so nothing is optimised away.
     */
    @Benchmark
    public int writeAndReadPacketHeader()
    {
        final int s = sequence = (sequence + 1) & 0xFFFF;
        final int ack = (s - 3) & 0xFFFF;
        final int ackBits = 0xFF00FFFF ^ (s << 8);
        final int length = PacketHeader.write(buffer, 0, s, ack, ackBits);
        final int read = packetHeader.read(buffer, 0, length);
        return read + packetHeader.sequence() + packetHeader.ack() + packetHeader.ackBits();
    }

    /**
     * Header whose ack is too far behind for one byte and whose ack_bits bytes are all present.
     *
     * @return a value derived from the decoded fields.
     */
    @Benchmark
    public int writeAndReadLargestPacketHeader()
    {
        final int s = sequence = (sequence + 1) & 0xFFFF;
        final int ack = (s + 30_000) & 0xFFFF;
        final int length = PacketHeader.write(buffer, 0, s, ack, s);
        final int read = packetHeader.read(buffer, 0, length);
        return read + packetHeader.sequence() + packetHeader.ack() + packetHeader.ackBits();
    }

    /**
     * @return a value derived from the decoded fragment header.
     */
    @Benchmark
    public int writeAndReadFragmentHeader()
    {
        final int s = sequence = (sequence + 1) & 0xFFFF;
        FragmentHeader.write(buffer, 0, s, s & 7, 8);
        final int read = fragmentHeader.read(buffer, 0, FragmentHeader.BYTES);
        return read + fragmentHeader.sequence() + fragmentHeader.fragmentId() + fragmentHeader.fragmentCount();
    }
}
