package dev.statesync.bench.player;

/**
 * Settings of the player scene ({@code dev.statesync.bench.scene.PlayerScene}): the layout's seed and size, the
 * simulated link between the predicting client and the server, and the prediction engine's sizes. Fluent
 * setters; defaults in the setter docs. The defaults describe a decent home connection: 100 ms round trip,
 * a little jitter, 5% loss each way.
 */
public final class PlayerSceneConfig
{
    /** Seed of the default scene. */
    public static final long DEFAULT_SEED = 0x5EED_2026L;

    private long seed = DEFAULT_SEED;
    private int crateCount = 48;
    private double latencyMs = 50.0;
    private double jitterMs = 5.0;
    private double lossFraction = 0.05;
    private int inputBufferTicks = 4;
    private float syncRadiusM = 3.0f;
    private int maxSyncedCrates = 16;
    private int rotatingCratesPerMessage = 4;
    private int predictionBufferTicks = 256;

    /**
     * Seeds the crates' offsets, the player's script and the network simulator; default {@link #DEFAULT_SEED}.
     *
     * @param seed any value.
     * @return this.
     */
    public PlayerSceneConfig seed(final long seed)
    {
        this.seed = seed;
        return this;
    }

    /**
     * Crates, in stacks of {@link PlayerArena#STACK_HEIGHT} on both sides of the player; default 48.
     *
     * @param crateCount 0 to {@link PlayerArena#MAX_CRATES}.
     * @return this.
     */
    public PlayerSceneConfig crateCount(final int crateCount)
    {
        if (crateCount < 0 || crateCount > PlayerArena.MAX_CRATES)
        {
            throw new IllegalArgumentException("crateCount must be 0.." + PlayerArena.MAX_CRATES + ": " + crateCount);
        }
        this.crateCount = crateCount;
        return this;
    }

    /**
     * One-way latency of the simulated link, both directions; default 50 ms (100 ms round trip).
     *
     * @param latencyMs milliseconds, &gt;= 0.
     * @return this.
     */
    public PlayerSceneConfig latencyMs(final double latencyMs)
    {
        this.latencyMs = latencyMs;
        return this;
    }

    /**
     * Each datagram's delay varies uniformly by up to this much either way; default 5 ms.
     *
     * @param jitterMs milliseconds, &gt;= 0.
     * @return this.
     */
    public PlayerSceneConfig jitterMs(final double jitterMs)
    {
        this.jitterMs = jitterMs;
        return this;
    }

    /**
     * Chance each datagram is lost, each direction; default 0.05.
     *
     * @param lossFraction in [0, 1].
     * @return this.
     */
    public PlayerSceneConfig lossFraction(final double lossFraction)
    {
        this.lossFraction = lossFraction;
        return this;
    }

    /**
     * Depth of the server's input buffer (its start delay): inputs arrive this many ticks before they are due,
     * which rides out jitter and up to this many minus one consecutive lost packets; default 4 ticks (67 ms).
     *
     * @param inputBufferTicks ticks, &gt;= 0.
     * @return this.
     */
    public PlayerSceneConfig inputBufferTicks(final int inputBufferTicks)
    {
        this.inputBufferTicks = inputBufferTicks;
        return this;
    }

    /**
     * Crates whose centre is within this distance of the player's ride along in every state message, so a
     * correction re-syncs what the player touches and pushes; default 3 m.
     *
     * @param syncRadiusM metres, &gt;= 0.
     * @return this.
     */
    public PlayerSceneConfig syncRadiusM(final float syncRadiusM)
    {
        this.syncRadiusM = syncRadiusM;
        return this;
    }

    /**
     * Most near crates one state message carries (lowest index first); default 16 (25 bytes each).
     *
     * @param maxSyncedCrates &gt;= 0.
     * @return this.
     */
    public PlayerSceneConfig maxSyncedCrates(final int maxSyncedCrates)
    {
        this.maxSyncedCrates = maxSyncedCrates;
        return this;
    }

    /**
     * Crates added to each state message in turn, wherever they are, so that crates the player left behind are
     * compared and re-synced too (every crate every crates / this many messages); default 4 (every 0.2 s with 48
     * crates), about 100 bytes per message. 0 leaves far crates to be corrected when the player comes near.
     *
     * @param rotatingCratesPerMessage &gt;= 0.
     * @return this.
     */
    public PlayerSceneConfig rotatingCratesPerMessage(final int rotatingCratesPerMessage)
    {
        this.rotatingCratesPerMessage = rotatingCratesPerMessage;
        return this;
    }

    /**
     * Ticks of inputs and predictions the client keeps (a power of two); default 256 (4.3 s), far more than a
     * round trip.
     *
     * @param predictionBufferTicks power of two &gt;= 2.
     * @return this.
     */
    public PlayerSceneConfig predictionBufferTicks(final int predictionBufferTicks)
    {
        this.predictionBufferTicks = predictionBufferTicks;
        return this;
    }

    /** @return see {@link #seed(long)}. */
    public long seed()
    {
        return seed;
    }

    /** @return see {@link #crateCount(int)}. */
    public int crateCount()
    {
        return crateCount;
    }

    /** @return see {@link #latencyMs(double)}. */
    public double latencyMs()
    {
        return latencyMs;
    }

    /** @return see {@link #jitterMs(double)}. */
    public double jitterMs()
    {
        return jitterMs;
    }

    /** @return see {@link #lossFraction(double)}. */
    public double lossFraction()
    {
        return lossFraction;
    }

    /** @return see {@link #inputBufferTicks(int)}. */
    public int inputBufferTicks()
    {
        return inputBufferTicks;
    }

    /** @return see {@link #syncRadiusM(float)}. */
    public float syncRadiusM()
    {
        return syncRadiusM;
    }

    /** @return see {@link #maxSyncedCrates(int)}. */
    public int maxSyncedCrates()
    {
        return maxSyncedCrates;
    }

    /** @return see {@link #rotatingCratesPerMessage(int)}. */
    public int rotatingCratesPerMessage()
    {
        return rotatingCratesPerMessage;
    }

    /** @return see {@link #predictionBufferTicks(int)}. */
    public int predictionBufferTicks()
    {
        return predictionBufferTicks;
    }

    @Override
    public String toString()
    {
        return "PlayerSceneConfig{seed=" + seed + ", crateCount=" + crateCount + ", latencyMs=" + latencyMs +
            ", jitterMs=" + jitterMs + ", lossFraction=" + lossFraction + ", inputBufferTicks=" + inputBufferTicks +
            ", syncRadiusM=" + syncRadiusM + ", maxSyncedCrates=" + maxSyncedCrates + ", rotatingCratesPerMessage=" + rotatingCratesPerMessage +
            ", predictionBufferTicks=" + predictionBufferTicks + '}';
    }
}
