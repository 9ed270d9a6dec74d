package dev.statesync.bench.jmh;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

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
import org.openjdk.jmh.annotations.Warmup;

import dev.statesync.bench.jmh.reference.FiedlerReadStream;
import dev.statesync.bench.jmh.reference.FiedlerWriteStream;
import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.reference.Fiedler2015Codec;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * The bitpacker under a real serialize routine: a 901-cube snapshot in Fiedler's GDC 2015 delta scheme
 * ({@link Fiedler2015Codec}, his quantization), about 10% of the cubes changed against a baseline 6 ticks old,
 * written and read through the {@link BitStream} interface exactly as the codec calls it, once on statesync's
 * checked {@link BitWriter} / {@link BitReader} and once on the serialize.java reference
 * ({@link FiedlerWriteStream} / {@link FiedlerReadStream}, asserts compiled away, no length checks).
 *
 * <p>{@code dispatch}: with {@code bimorphic} only the measured implementation's writer and reader ever reach the
 * codec's call sites, so the JIT inlines them behind a type check; with {@code megamorphic} the setup first runs
 * the codec on all five streams (both implementations and {@link BitMeasure}), as a process that measures, writes
 * and reads, so every call is a real interface dispatch. One operation is one whole snapshot.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class BitPackerSnapshotBenchmark
{
    static final int PAIRS = 16;
    static final int BASELINE_AGE_TICKS = 6;
    static final int CAPACITY_BYTES = 8192;

    @Param({"statesync", "serialize.java"})
    public String bitpacker;

    @Param({"bimorphic", "megamorphic"})
    public String dispatch;

    private Fiedler2015Codec codec;
    private final QuantizedStates[] currents = new QuantizedStates[PAIRS];
    private final QuantizedStates[] baselines = new QuantizedStates[PAIRS];
    private QuantizedStates decoded;

    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private final FiedlerWriteStream referenceWriter = new FiedlerWriteStream();
    private final FiedlerReadStream referenceReader = new FiedlerReadStream();
    private final byte[][] packets = new byte[PAIRS][];
    private final UnsafeBuffer[] packetBuffers = new UnsafeBuffer[PAIRS];
    private final int[] packetLengths = new int[PAIRS];
    private byte[] scratch;
    private UnsafeBuffer scratchBuffer;
    private int next;
    private boolean reference;

    @Setup
    public void setUp()
    {
        final StateSchema schema = StateSchema.fiedler3d();
        final CubeWorld world = new CubeWorld(schema, 10);
        codec = new Fiedler2015Codec(schema, CubeWorld.OBJECTS);
        decoded = new QuantizedStates(schema, CubeWorld.OBJECTS);
        for (int k = 0; k < PAIRS; k++)
        {
            final int tick = 7 + k * 5;
            world.update(tick - BASELINE_AGE_TICKS);
            baselines[k] = copy(world.states);
            world.update(tick);
            currents[k] = copy(world.states);
        }
        scratch = new byte[CAPACITY_BYTES + 8];
        scratchBuffer = new UnsafeBuffer(scratch);

        reference = bitpacker.equals("serialize.java");
        final boolean megamorphic = dispatch.equals("megamorphic");
        for (int round = 0; round < (megamorphic ? 400 : 1); round++)
        {
            for (int k = 0; k < PAIRS; k++)
            {
                if (megamorphic)
                {
                    codec.serialize(new BitMeasure(), currents[k], baselines[k]);
                    writeAndCheck(k, !reference);
                }
                writeAndCheck(k, reference);
            }
        }
    }

    /** Write pair k with one implementation, keep the packet, read it back with the same one and check it. */
    private void writeAndCheck(final int k, final boolean reference)
    {
        final int length = reference ? writeReference(k) : writeStatesync(k);
        final byte[] packet = Arrays.copyOf(scratch, length + 8);
        if (packets[k] != null && !Arrays.equals(packets[k], 0, packetLengths[k], packet, 0, length))
        {
            throw new IllegalStateException("the two bitpackers wrote different bytes for pair " + k);
        }
        packets[k] = packet;
        packetBuffers[k] = new UnsafeBuffer(packet);
        packetLengths[k] = length;
        final boolean failed = reference ? readReference(k) : readStatesync(k);
        for (int i = 0; i < CubeWorld.OBJECTS; i++)
        {
            if (failed || !decoded.sameObject(i, currents[k]))
            {
                throw new IllegalStateException("pair " + k + " did not read back (object " + i + ")");
            }
        }
    }

    private static QuantizedStates copy(final QuantizedStates states)
    {
        final QuantizedStates copy = new QuantizedStates(states.schema(), states.objectCount());
        copy.copyFrom(states);
        return copy;
    }

    private int writeStatesync(final int k)
    {
        writer.wrap(scratchBuffer, 0, CAPACITY_BYTES);
        codec.serialize(writer, currents[k], baselines[k]);
        return writer.flush();
    }

    private int writeReference(final int k)
    {
        referenceWriter.reset(scratch, CAPACITY_BYTES);
        codec.serialize(referenceWriter, currents[k], baselines[k]);
        return referenceWriter.flush();
    }

    private boolean readStatesync(final int k)
    {
        reader.wrap(packetBuffers[k], 0, packetLengths[k]);
        codec.serialize(reader, decoded, baselines[k]);
        return reader.isFailed();
    }

    private boolean readReference(final int k)
    {
        referenceReader.reset(packets[k], packetLengths[k]);
        codec.serialize(referenceReader, decoded, baselines[k]);
        return referenceReader.isFailed();
    }

    private int nextPair()
    {
        final int k = next;
        next = k + 1 == PAIRS ? 0 : k + 1;
        return k;
    }

    /** Write one snapshot. @return its length in bytes. */
    @Benchmark
    public int write()
    {
        final int k = nextPair();
        return reference ? writeReference(k) : writeStatesync(k);
    }

    /** Read one snapshot into the decoded states. @return true if the read failed (never, on these packets). */
    @Benchmark
    public boolean read()
    {
        final int k = nextPair();
        return reference ? readReference(k) : readStatesync(k);
    }
}
