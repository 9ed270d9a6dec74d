package dev.statesync.sync.predict;

/**
 * Settings of a {@link PredictionClient}. Fluent setters; defaults in the field docs.
 */
public final class PredictionClientConfig
{
    private int bufferCapacity = 1024;
    private int maxInputsPerMessage = 32;
    private double positionThresholdM = 0.001;
    private double rotationThresholdRad = 0.001;
    private int firstTick = 0;

    /**
     * Ticks of inputs and predicted states kept, a power of two; default 1024 (17 s at 60 Hz). Bounds how far
     * back a server state can be and still be compared; also the number of world save slots.
     */
    public PredictionClientConfig bufferCapacity(final int bufferCapacity)
    {
        if (bufferCapacity < 2 || Integer.bitCount(bufferCapacity) != 1)
        {
            throw new IllegalArgumentException("bufferCapacity must be a power of two >= 2, got " + bufferCapacity);
        }
        this.bufferCapacity = bufferCapacity;
        return this;
    }

    /**
     * Most inputs one message repeats, 1..{@link InputMessage#MAX_INPUTS}; default 32 (about 0.5 s at 60 Hz):
     * inputs older than that and still unacknowledged are given up on and the server's missing-input policy
     * applies.
     */
    public PredictionClientConfig maxInputsPerMessage(final int maxInputsPerMessage)
    {
        if (maxInputsPerMessage < 1 || maxInputsPerMessage > InputMessage.MAX_INPUTS)
        {
            throw new IllegalArgumentException("maxInputsPerMessage must be 1.." + InputMessage.MAX_INPUTS);
        }
        this.maxInputsPerMessage = maxInputsPerMessage;
        return this;
    }

    /** Position error above which the client corrects, metres; default 0.001 (1 mm). */
    public PredictionClientConfig positionThresholdM(final double positionThresholdM)
    {
        this.positionThresholdM = positionThresholdM;
        return this;
    }

    /** Rotation error above which the client corrects, radians; default 0.001. */
    public PredictionClientConfig rotationThresholdRad(final double rotationThresholdRad)
    {
        this.rotationThresholdRad = rotationThresholdRad;
        return this;
    }

    /** Number of the client's first tick; default 0. The server learns it from the first input message. */
    public PredictionClientConfig firstTick(final int firstTick)
    {
        this.firstTick = firstTick;
        return this;
    }

    /** @return see {@link #bufferCapacity(int)}. */
    public int bufferCapacity()
    {
        return bufferCapacity;
    }

    /** @return see {@link #maxInputsPerMessage(int)}. */
    public int maxInputsPerMessage()
    {
        return Math.min(maxInputsPerMessage, bufferCapacity);
    }

    /** @return see {@link #positionThresholdM(double)}. */
    public double positionThresholdM()
    {
        return positionThresholdM;
    }

    /** @return see {@link #rotationThresholdRad(double)}. */
    public double rotationThresholdRad()
    {
        return rotationThresholdRad;
    }

    /** @return see {@link #firstTick(int)}. */
    public int firstTick()
    {
        return firstTick;
    }
}
