package dev.statesync.bench.runner;

import dev.statesync.bench.scene.Scene;

/**
 * Bits per snapshot of every {@link Stage}, and the bandwidth each would need on the wire.
 *
 * <p>Payload bits are counted exactly. For kbps each snapshot becomes one packet of {@code ceil(bits / 8)}
 * payload bytes plus the packet overhead statesync's own packet paid on that tick (its reliability header
 * and 28 bytes of IPv4 + UDP per datagram): the other stages are charged the same framing, so the
 * comparison is about payloads. Bandwidth is also kept per simulated second for plots.
 */
public final class StageAccounting
{
    private static final int STAGES = Stage.values().length;

    private final long[] payloadBits = new long[STAGES];
    private final long[] wireBits = new long[STAGES];
    private final double[][] wireBitsPerSecond;
    private final int seconds;
    private long snapshots;

    /** @param ticks ticks the run will record (sizes the per-second buckets). */
    public StageAccounting(final int ticks)
    {
        seconds = (ticks + Scene.TICK_RATE_HZ - 1) / Scene.TICK_RATE_HZ;
        wireBitsPerSecond = new double[STAGES][seconds];
    }

    /**
     * Record one snapshot of one stage.
     *
     * @param stage         the stage.
     * @param tick          1-based tick of the snapshot.
     * @param bits          payload bits.
     * @param overheadBytes framing bytes of the packet carrying it.
     */
    public void record(final Stage stage, final int tick, final long bits, final int overheadBytes)
    {
        payloadBits[stage.ordinal()] += bits;
        final long wire = ((bits + 7) / 8 + overheadBytes) * 8L;
        wireBits[stage.ordinal()] += wire;
        final int second = Math.min(seconds - 1, (tick - 1) / Scene.TICK_RATE_HZ);
        wireBitsPerSecond[stage.ordinal()][second] += wire;
    }

    /** Count one snapshot (call once per tick, after recording every stage). */
    public void endSnapshot()
    {
        snapshots++;
    }

    /** @return snapshots recorded. */
    public long snapshots()
    {
        return snapshots;
    }

    /** @return mean payload bits per snapshot. */
    public double bitsPerSnapshot(final Stage stage)
    {
        return snapshots == 0 ? 0 : (double)payloadBits[stage.ordinal()] / snapshots;
    }

    /** @return mean kilobits per second on the wire at 60 snapshots per second, headers included. */
    public double kbps(final Stage stage)
    {
        return snapshots == 0 ? 0 : (double)wireBits[stage.ordinal()] / snapshots * Scene.TICK_RATE_HZ / 1000.0;
    }

    /**
     * @return kbps of each simulated second (the last one may be partial: it is scaled by its tick count).
     * @param totalTicks ticks recorded, to scale a partial last second.
     */
    public double[] kbpsPerSecond(final Stage stage, final int totalTicks)
    {
        final double[] kbps = new double[seconds];
        for (int s = 0; s < seconds; s++)
        {
            final int ticksInSecond = Math.min(Scene.TICK_RATE_HZ, totalTicks - s * Scene.TICK_RATE_HZ);
            kbps[s] = ticksInSecond <= 0 ? 0 :
                wireBitsPerSecond[stage.ordinal()][s] / ticksInSecond * Scene.TICK_RATE_HZ / 1000.0;
        }
        return kbps;
    }
}
