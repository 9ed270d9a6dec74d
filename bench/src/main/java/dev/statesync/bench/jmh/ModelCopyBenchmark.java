/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.jmh;

import dev.statesync.codec.entropy.ContextModel;
import dev.statesync.codec.entropy.RangeBitWriter;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The per-packet model copy of a range-coded snapshot link, one connection after another as a server serving
 * {@code clients} connections does: each packet starts from a copy of the model an acked packet ended with
 * ({@code ModelRing}), on the sender and again on the receiver. {@link #copyWrittenUnits} is
 * {@link ContextModel#copyFrom}, which moves only the parts of the model a coder wrote ({@code residualContexts} of
 * the {@link ContextModel#RESIDUAL_CONTEXTS} residual contexts, a few generic cells and the flag region);
 * {@link #copyWholeModel} is the copy it replaced, all {@link ContextModel#BYTES} bytes. With one connection both
 * models stay in cache; with hundreds (two models of 117 KB each) every copy comes from memory, which is where
 * moving a fraction of the model should count. {@code -prof gc} must show no allocation.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Thread)
public class ModelCopyBenchmark
{
    /** Connections copied in turn: 1 keeps the models in cache, 256 (60 MB of models) does not. */
    @Param({"1", "256"})
    public int clients;

    /** Residual contexts the acked models have coded with (the cubes scene's models use about 130-430 units). */
    @Param({"300"})
    public int residualContexts;

    private ContextModel[] acked;
    private ContextModel[] working;
    private int[][] ackedCells;
    private int[][] workingCells;
    private int next;

    /** Models trained as a packet trains them: residuals in the first contexts, flags, a few bounded ints. */
    @Setup
    public void setUp()
    {
        acked = new ContextModel[clients];
        working = new ContextModel[clients];
        ackedCells = new int[clients][ContextModel.BYTES / Integer.BYTES];
        workingCells = new int[clients][ContextModel.BYTES / Integer.BYTES];
        final SplittableRandom random = new SplittableRandom(24301);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[1 << 20]);
        final RangeBitWriter writer = new RangeBitWriter();
        for (int c = 0; c < clients; c++)
        {
            acked[c] = new ContextModel();
            working[c] = new ContextModel();
            writer.wrapWithoutModel(buffer, 0, buffer.capacity());
            final ContextModel own = writer.exchangeModel(acked[c]);
            acked[c].reset();
            for (int context = 0; context < residualContexts; context++)
            {
                for (int k = 0; k < 8; k++)
                {
                    writer.serializeResidual(random.nextInt(-300, 301), context);
                }
            }
            for (int context = 0; context < ContextModel.FLAG_CONTEXTS; context++)
            {
                writer.serializeFlag(random.nextBoolean(), context);
            }
            for (int k = 0; k < 16; k++)
            {
                writer.serializeInt(random.nextInt(0, 64), 0, 63);
                writer.serializeBool(random.nextBoolean());
            }
            writer.exchangeModel(own);
            for (int i = 0; i < ackedCells[c].length; i++)
            {
                ackedCells[c][i] = random.nextInt();
            }
            working[c].copyFrom(acked[c]);
            if (!working[c].sameAs(acked[c]))
            {
                throw new IllegalStateException("a copy of the written units differs from its model");
            }
        }
    }

    /** @return the connection whose packet comes next, round robin. */
    private int nextClient()
    {
        final int c = next;
        next = c + 1 == clients ? 0 : c + 1;
        return c;
    }

    /** {@link ContextModel#copyFrom}: the written units only. */
    @Benchmark
    public ContextModel copyWrittenUnits()
    {
        final int c = nextClient();
        working[c].copyFrom(acked[c]);
        return working[c];
    }

    /** The whole model, as {@code copyFrom} copied it before it tracked the written units. */
    @Benchmark
    public int[] copyWholeModel()
    {
        final int c = nextClient();
        System.arraycopy(ackedCells[c], 0, workingCells[c], 0, ackedCells[c].length);
        return workingCells[c];
    }
}
