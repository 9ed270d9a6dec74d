/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.jmh;

import dev.statesync.sync.reliable.AckListener;
import dev.statesync.sync.reliable.PacketHeader;
import dev.statesync.sync.reliable.PacketProcessor;
import dev.statesync.sync.reliable.PacketTransmitter;
import dev.statesync.sync.reliable.IntegrityMode;
import dev.statesync.sync.reliable.KeyedMacIntegrity;
import dev.statesync.sync.reliable.LinkKeys;
import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.ReliableConfig;
import dev.statesync.sync.reliable.ReliableEndpoint;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * Steady-state cost per packet of the reliability layer: the endpoint sends a packet, then receives one
 * from the peer whose header acks it (plus the 31 before, already acked), so each received packet parses
 * a header, checks the window, delivers the payload, walks 32 ack bits and reports one new ack.
 * {@code KEYED_MAC} adds what an authenticated link (the default for snapshot links and UDP connections) pays:
 * signing the sent packet and checking the received one's 8-byte SipHash tag. {@code -prof gc} must show no
 * allocation.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Thread)
public class AckProcessingBenchmark implements PacketTransmitter, PacketProcessor, AckListener
{
    private static final int PAYLOAD_BYTES = 100;

    private final UnsafeBuffer payload = new UnsafeBuffer(new byte[PAYLOAD_BYTES]);
    private final UnsafeBuffer incoming = new UnsafeBuffer(
        new byte[PacketHeader.MAX_BYTES + PAYLOAD_BYTES + KeyedMacIntegrity.TRAILER_BYTES]);
    private final LinkKeys keys = LinkKeys.random();
    private final KeyedMacIntegrity peer = new KeyedMacIntegrity(keys, LinkSide.CLIENT);

    /** The link's integrity check: none (reliable.io's format) or the keyed MAC. */
    @Param({"NONE", "KEYED_MAC"})
    public IntegrityMode integrity;
    private ReliableEndpoint endpoint;
    private long nowNs;
    private int peerSequence;
    private int lastSentSequence;
    private long transmittedBytes;
    private long deliveredBytes;
    private long acks;

    /**
     * Fresh endpoint per iteration, warmed past the first window so the steady state is measured.
     */
    @Setup(Level.Iteration)
    public void setUp()
    {
        final ReliableConfig config = integrity == IntegrityMode.KEYED_MAC ?
            new ReliableConfig().authenticate(keys, LinkSide.SERVER) : new ReliableConfig();
        endpoint = new ReliableEndpoint(config, this, this, this, 0L);
        nowNs = 0;
        peerSequence = 0;
        for (int i = 0; i < 1024; i++)
        {
            sendAndReceiveAck();
        }
    }

    /**
     * One packet out, one packet in that acks it.
     *
     * @return acks seen so far, so the work is not optimised away.
     */
    @Benchmark
    public long sendAndReceiveAck()
    {
        nowNs += 16_666_667L;
        lastSentSequence = endpoint.sendPacket(payload, 0, PAYLOAD_BYTES, nowNs);
        final int headerBytes = PacketHeader.write(incoming, 0, peerSequence, lastSentSequence, 0xFFFFFFFF);
        peerSequence = (peerSequence + 1) & 0xFFFF;
        endpoint.receivePacket(incoming, 0, seal(headerBytes + PAYLOAD_BYTES), nowNs + 1_000_000L);
        return acks;
    }

    /**
     * Only the receive side: a packet in whose ack bits name packets already acked (no new ack).
     *
     * @return delivered bytes so far.
     */
    @Benchmark
    public long receiveOnly()
    {
        nowNs += 16_666_667L;
        final int headerBytes = PacketHeader.write(incoming, 0, peerSequence, lastSentSequence, 0xFFFFFFFF);
        peerSequence = (peerSequence + 1) & 0xFFFF;
        endpoint.receivePacket(incoming, 0, seal(headerBytes + PAYLOAD_BYTES), nowNs);
        return deliveredBytes;
    }

    /** The peer's side of the MAC: sign the incoming packet as the client would. */
    private int seal(final int length)
    {
        return integrity == IntegrityMode.KEYED_MAC ? peer.append(incoming, 0, length) : length;
    }

    @Override
    public void transmit(final DirectBuffer buffer, final int offset, final int length)
    {
        transmittedBytes += length;
    }

    @Override
    public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        deliveredBytes += length;
        return true;
    }

    @Override
    public void onAcked(final int sequence)
    {
        acks++;
    }
}
