package dev.statesync.sync.predict;

/**
 * Settings of a {@link CorrectionSmoother}. Fluent setters; defaults in the field docs. The defaults are
 * Fiedler's per-frame factors (0.95 per 60 Hz frame for errors up to 0.25 m, 0.85 from 1 m, blended between)
 * turned into time constants, so they behave the same at any frame rate.
 */
public final class CorrectionSmootherConfig
{
    private double smallErrorM = 0.25;
    private double largeErrorM = 1.0;
    private double smallErrorTauMs = ErrorDecay.tauMsOfPerFrameFactor(0.95, 60.0);
    private double largeErrorTauMs = ErrorDecay.tauMsOfPerFrameFactor(0.85, 60.0);
    private double rotationTauMs = ErrorDecay.tauMsOfPerFrameFactor(0.90, 64.0);
    private double snapThresholdM = 2.0;
    private double snapThresholdRad = Math.PI / 2.0;
    private double settledM = 1e-4;

    /** Errors up to this decay with the small-error time constant; default 0.25 m. */
    public CorrectionSmootherConfig smallErrorM(final double smallErrorM)
    {
        this.smallErrorM = smallErrorM;
        return this;
    }

    /** Errors from this decay with the large-error time constant; default 1 m. */
    public CorrectionSmootherConfig largeErrorM(final double largeErrorM)
    {
        this.largeErrorM = largeErrorM;
        return this;
    }

    /** Time constant for small position errors; default 325 ms (0.95 per 60 Hz frame). */
    public CorrectionSmootherConfig smallErrorTauMs(final double smallErrorTauMs)
    {
        this.smallErrorTauMs = smallErrorTauMs;
        return this;
    }

    /** Time constant for large position errors; default 103 ms (0.85 per 60 Hz frame). */
    public CorrectionSmootherConfig largeErrorTauMs(final double largeErrorTauMs)
    {
        this.largeErrorTauMs = largeErrorTauMs;
        return this;
    }

    /** Time constant of the rotation offset; default 148 ms (the slerp of 10% per 64 Hz frame in "Client-Side Prediction With Physics In Unity"). */
    public CorrectionSmootherConfig rotationTauMs(final double rotationTauMs)
    {
        this.rotationTauMs = rotationTauMs;
        return this;
    }

    /** A position offset larger than this is dropped (the display snaps): smoothing it would look worse; 2 m. */
    public CorrectionSmootherConfig snapThresholdM(final double snapThresholdM)
    {
        this.snapThresholdM = snapThresholdM;
        return this;
    }

    /** A rotation offset larger than this is dropped (the display snaps); default pi/2. */
    public CorrectionSmootherConfig snapThresholdRad(final double snapThresholdRad)
    {
        this.snapThresholdRad = snapThresholdRad;
        return this;
    }

    /** Offsets below this are set to exactly zero (settled); default 0.1 mm. */
    public CorrectionSmootherConfig settledM(final double settledM)
    {
        this.settledM = settledM;
        return this;
    }

    /** @return the decay curve these settings describe. */
    public ErrorDecay errorDecay()
    {
        return new ErrorDecay(smallErrorM, largeErrorM, smallErrorTauMs, largeErrorTauMs);
    }

    /** @return see {@link #rotationTauMs(double)}. */
    public double rotationTauMs()
    {
        return rotationTauMs;
    }

    /** @return see {@link #snapThresholdM(double)}. */
    public double snapThresholdM()
    {
        return snapThresholdM;
    }

    /** @return see {@link #snapThresholdRad(double)}. */
    public double snapThresholdRad()
    {
        return snapThresholdRad;
    }

    /** @return see {@link #settledM(double)}. */
    public double settledM()
    {
        return settledM;
    }

    /** @return see {@link #smallErrorTauMs(double)}. */
    public double smallErrorTauMs()
    {
        return smallErrorTauMs;
    }

    /** @return see {@link #largeErrorTauMs(double)}. */
    public double largeErrorTauMs()
    {
        return largeErrorTauMs;
    }
}
