package dev.statesync.sync.predict;

/**
 * How a visual error shrinks with time: exponentially with a time constant that is shorter for larger errors,
 * integrated exactly, so the error after any time is the same whether that time was cut into 30 Hz, 60 Hz or
 * 144 Hz frames.
 *
 * <p>The decay rate ({@code 1 / tau}) is {@code 1 / smallTau} up to {@code smallErrorM}, {@code 1 / largeTau}
 * from {@code largeErrorM}, and linear in the error between. So {@code de/dt = -r(e) e} with {@code r}
 * constant (plain exponential) or {@code r(e) = a + b e} (a Bernoulli equation: {@code 1/e} is exponential).
 * Both have closed forms; {@link #decay(double, double)} walks through the regimes the error crosses in one
 * frame. A per-frame factor such as Fiedler's 0.95 is frame-rate dependent; a time constant is not.
 */
public final class ErrorDecay
{
    private final double smallErrorM;
    private final double largeErrorM;
    private final double smallRatePerS;
    private final double largeRatePerS;
    private final double slope;
    private final double intercept;

    /**
     * @param smallErrorM     errors up to this decay with {@code smallTauMs}.
     * @param largeErrorM     errors from this decay with {@code largeTauMs}; > smallErrorM.
     * @param smallTauMs      time constant for small errors.
     * @param largeTauMs      time constant for large errors.
     */
    public ErrorDecay(final double smallErrorM, final double largeErrorM, final double smallTauMs, final double largeTauMs)
    {
        if (!(smallErrorM > 0.0 && largeErrorM > smallErrorM && smallTauMs > 0.0 && largeTauMs > 0.0))
        {
            throw new IllegalArgumentException("need 0 < smallErrorM < largeErrorM and positive time constants");
        }
        this.smallErrorM = smallErrorM;
        this.largeErrorM = largeErrorM;
        this.smallRatePerS = 1000.0 / smallTauMs;
        this.largeRatePerS = 1000.0 / largeTauMs;
        this.slope = (largeRatePerS - smallRatePerS) / (largeErrorM - smallErrorM);
        this.intercept = smallRatePerS - slope * smallErrorM;
    }

    /**
     * The time constant equivalent to multiplying an error by {@code factor} once per frame at
     * {@code frameRateHz}: {@code tau = -1 / (frameRateHz * ln(factor))}.
     *
     * @return milliseconds.
     */
    public static double tauMsOfPerFrameFactor(final double factor, final double frameRateHz)
    {
        return -1000.0 / (frameRateHz * Math.log(factor));
    }

    /**
     * @param errorM the error now, metres, >= 0.
     * @param dtS    elapsed time, seconds, >= 0.
     * @return the error after {@code dtS}.
     */
    public double decay(final double errorM, final double dtS)
    {
        double e = errorM;
        double t = dtS;
        while (t > 0.0 && e > 0.0)
        {
            if (e > largeErrorM)
            {
                final double toBoundaryS = Math.log(e / largeErrorM) / largeRatePerS;
                if (toBoundaryS >= t)
                {
                    return e * Math.exp(-largeRatePerS * t);
                }
                e = largeErrorM;
                t -= toBoundaryS;
            }
            else if (e > smallErrorM)
            {
                final double u0 = 1.0 / e;
                final double uBoundary = 1.0 / smallErrorM;
                final double toBoundaryS;
                if (Math.abs(intercept) < 1e-12)
                {
                    toBoundaryS = (uBoundary - u0) / slope; // u' = b
                    if (toBoundaryS >= t)
                    {
                        return 1.0 / (u0 + slope * t);
                    }
                }
                else
                {
                    final double c = slope / intercept; // u' = a u + b  =>  u(t) = (u0 + b/a) e^(a t) - b/a
                    toBoundaryS = Math.log((uBoundary + c) / (u0 + c)) / intercept;
                    if (toBoundaryS >= t)
                    {
                        return 1.0 / ((u0 + c) * Math.exp(intercept * t) - c);
                    }
                }
                e = smallErrorM;
                t -= toBoundaryS;
            }
            else
            {
                return e * Math.exp(-smallRatePerS * t);
            }
        }
        return e;
    }
}
