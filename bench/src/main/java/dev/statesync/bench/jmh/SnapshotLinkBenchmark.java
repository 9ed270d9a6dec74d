package dev.statesync.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.statesync.codec.priority.PriorityAccumulator;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.PacketTransmitter;
import dev.statesync.sync.snapshot.SnapshotAuthority;
import dev.statesync.sync.snapshot.SnapshotLinkConfig;
import dev.statesync.sync.snapshot.SnapshotReplica;

/**
 * One full snapshot round trip through the reliability endpoints: the authority selects, encodes and sends
 * a snapshot packet within its payload budget (Fiedler's schema, hold prediction, every one of 901 cubes
 * moving), the replica receives, decodes and applies it, and its ack packet goes back to the authority,
 * advancing baselines. 1200 bytes bind bitpacked snapshots but carry all 901 cubes range-coded; 300 bytes
 * bind both, so the range-coded case pays for the trial codings that fit its budget.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class SnapshotLinkBenchmark
{
    /** Bitpacked snapshots, or framed and range-coded where smaller. */
    @Param({"bitpacked", "range-coded"})
    public String format;

    /** Snapshot payload budget. */
    @Param({"1200", "300"})
    public int payloadBudgetBytes;

    private CubeWorld world;
    private PriorityAccumulator priorities;
    private SnapshotAuthority authority;
    private SnapshotReplica replica;
    private final UnsafeBuffer toReplica = new UnsafeBuffer(new byte[2048]);
    private final UnsafeBuffer toAuthority = new UnsafeBuffer(new byte[2048]);
    private int toReplicaLength;
    private int toAuthorityLength;
    private int tick;
    private long failures;

    @Setup
    public void setUp()
    {
        final StateSchema schema = StateSchema.fiedler3d();
        world = new CubeWorld(schema, 1);
        priorities = new PriorityAccumulator(CubeWorld.OBJECTS);
        for (int i = 0; i < CubeWorld.OBJECTS; i++)
        {
            priorities.setPriorityFactor(i, i == 0 ? 1e6f : world.moving[i] ? 100f : 1f);
        }
        final SnapshotLinkConfig config = new SnapshotLinkConfig().payloadBudgetBytes(payloadBudgetBytes)
            .snapshot(new SnapshotConfig().rangeCoded("range-coded".equals(format)));
        final PacketTransmitter toReplicaWire = (buffer, offset, length) -> toReplicaLength = copy(buffer, offset, length, toReplica);
        final PacketTransmitter toAuthorityWire =
            (buffer, offset, length) -> toAuthorityLength = copy(buffer, offset, length, toAuthority);
        authority = SnapshotAuthority.withEndpoint(schema, CubeWorld.OBJECTS, HoldPredictor.INSTANCE, priorities,
            config, toReplicaWire, 0);
        replica = SnapshotReplica.withEndpoint(schema, CubeWorld.OBJECTS, HoldPredictor.INSTANCE, config,
            toAuthorityWire, 0);
        for (int i = 0; i < 4 * CubeWorld.PERIOD_TICKS; i++)
        {
            roundTrip();
        }
        failures = 0;
    }

    private static int copy(final DirectBuffer source, final int offset, final int length, final UnsafeBuffer target)
    {
        target.putBytes(0, source, offset, length);
        return length;
    }

    @TearDown
    public void check()
    {
        if (failures != 0)
        {
            throw new IllegalStateException(failures + " snapshots failed to decode");
        }
    }

    /** Select + encode + send, receive + decode + apply, ack back. Returns the datagram size. */
    @Benchmark
    public int roundTrip()
    {
        tick++;
        final long nowNs = tick * 16_666_667L;
        world.update(tick);
        priorities.accumulate();
        authority.sendSnapshot(tick, world.states, nowNs);
        replica.receiveDatagram(toReplica, 0, toReplicaLength, nowNs);
        if (replica.lastResult() != DecodeResult.OK)
        {
            failures++;
        }
        replica.sendAcks(nowNs);
        authority.receiveDatagram(toAuthority, 0, toAuthorityLength, nowNs);
        return toReplicaLength;
    }
}
