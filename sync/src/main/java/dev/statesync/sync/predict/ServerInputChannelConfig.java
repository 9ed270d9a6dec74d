package dev.statesync.sync.predict;

/**
 * Settings of a {@link ServerInputChannel}. Fluent setters; defaults in the field docs.
 */
public final class ServerInputChannelConfig
{
    private int bufferCapacity = 128;
    private int maxFutureTicks = 64;
    private int maxPastTicks = 64;
    private int startDelayTicks = 4;
    private MissingInputPolicy missingInputPolicy = MissingInputPolicy.HOLD_STILL;

    /** Ticks of future inputs the channel can hold, a power of two > maxFutureTicks; default 128. */
    public ServerInputChannelConfig bufferCapacity(final int bufferCapacity)
    {
        if (bufferCapacity < 2 || Integer.bitCount(bufferCapacity) != 1)
        {
            throw new IllegalArgumentException("bufferCapacity must be a power of two >= 2, got " + bufferCapacity);
        }
        this.bufferCapacity = bufferCapacity;
        return this;
    }

    /**
     * Inputs more than this many ticks ahead of the next tick to apply are rejected and counted; default 64
     * (about 1 s at 60 Hz). A client cannot fill the buffer with far-future ticks.
     */
    public ServerInputChannelConfig maxFutureTicks(final int maxFutureTicks)
    {
        if (maxFutureTicks < 0)
        {
            throw new IllegalArgumentException("maxFutureTicks must be >= 0, got " + maxFutureTicks);
        }
        this.maxFutureTicks = maxFutureTicks;
        return this;
    }

    /**
     * Messages whose newest input is more than this many ticks behind the next tick to apply are rejected and
     * counted as far past; default 64. (Redundant inputs just behind are normal and silently skipped.)
     */
    public ServerInputChannelConfig maxPastTicks(final int maxPastTicks)
    {
        if (maxPastTicks < 0)
        {
            throw new IllegalArgumentException("maxPastTicks must be >= 0, got " + maxPastTicks);
        }
        this.maxPastTicks = maxPastTicks;
        return this;
    }

    /**
     * Server ticks to wait after the first message before applying the first input; default 4. This is the
     * input buffer's depth: the slack with which inputs arrive before they are due, which absorbs jitter and
     * covers up to {@code startDelayTicks - 1} consecutive lost packets without a missing input.
     */
    public ServerInputChannelConfig startDelayTicks(final int startDelayTicks)
    {
        this.startDelayTicks = startDelayTicks;
        return this;
    }

    /** Input applied when a tick's input is missing; default {@link MissingInputPolicy#HOLD_STILL}. */
    public ServerInputChannelConfig missingInputPolicy(final MissingInputPolicy missingInputPolicy)
    {
        this.missingInputPolicy = missingInputPolicy;
        return this;
    }

    /** @return see {@link #bufferCapacity(int)}. */
    public int bufferCapacity()
    {
        return bufferCapacity;
    }

    /** @return see {@link #maxFutureTicks(int)}, clamped below the buffer capacity. */
    public int maxFutureTicks()
    {
        return Math.min(maxFutureTicks, bufferCapacity - 1);
    }

    /** @return see {@link #maxPastTicks(int)}. */
    public int maxPastTicks()
    {
        return maxPastTicks;
    }

    /** @return see {@link #startDelayTicks(int)}. */
    public int startDelayTicks()
    {
        return startDelayTicks;
    }

    /** @return see {@link #missingInputPolicy(MissingInputPolicy)}. */
    public MissingInputPolicy missingInputPolicy()
    {
        return missingInputPolicy;
    }
}
