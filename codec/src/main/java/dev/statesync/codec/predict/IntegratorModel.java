package dev.statesync.codec.predict;

import dev.statesync.codec.state.WireFingerprint;

/**
 * A physics engine's free-flight step for a body with no contacts, as integer constants: what
 * {@link BallisticPredictor} replays. Built from the engine's float settings once, on both ends, into
 * 32.32 fixed-point constants ({@code ...Q32}); from then on prediction is integer arithmetic only.
 *
 * <p>Both supported engines are semi-implicit Euler (velocity first, then position with the new
 * velocity), and differ in damping (see {@code src/site/integrators.md} for the source-level derivation):
 * <ul>
 * <li>JBox2D 2.2.1.1: {@code v = (v + h*g) * clamp(1 - h*d, 0, 1)}, then {@code x += h*v}: damping acts
 * before the position update, always.</li>
 * <li>ode4j 0.5.3: {@code v += h*g}, {@code x += h*v}, then {@code v *= (1 - scale)} only when
 * {@code |v| > threshold}: damping acts after the position update, so it shows in the next step.</li>
 * </ul>
 */
public final class IntegratorModel
{
    private static final double Q32 = 4294967296.0;

    final int tickRateHz;
    final double[] gravityMps2;
    final long linearDampingQ32;
    final long angularDampingQ32;
    final boolean dampingBeforePosition;
    final double linearThresholdMps;
    final double angularThresholdRadps;

    /**
     * Add this model's step to a connection's fingerprint: a predictor built on it predicts what both ends decode
     * against.
     *
     * @param fingerprint the digest being built.
     */
    public void addTo(final WireFingerprint fingerprint)
    {
        fingerprint.add(tickRateHz);
        for (final double gravity : gravityMps2)
        {
            fingerprint.add(gravity);
        }
        fingerprint.add(linearDampingQ32).add(angularDampingQ32).add(dampingBeforePosition).add(linearThresholdMps)
            .add(angularThresholdRadps);
    }

    private IntegratorModel(
        final int tickRateHz,
        final double[] gravityMps2,
        final double linearFactor,
        final double angularFactor,
        final boolean dampingBeforePosition,
        final double linearThresholdMps,
        final double angularThresholdRadps)
    {
        if (tickRateHz < 1 || tickRateHz > 10_000)
        {
            throw new IllegalArgumentException("tickRateHz must be 1..10000, got " + tickRateHz);
        }
        if (!(linearFactor >= 0 && linearFactor <= 1) || !(angularFactor >= 0 && angularFactor <= 1))
        {
            throw new IllegalArgumentException("damping factors per step must be in [0, 1]");
        }
        this.tickRateHz = tickRateHz;
        this.gravityMps2 = gravityMps2.clone();
        this.linearDampingQ32 = Math.round(linearFactor * Q32);
        this.angularDampingQ32 = Math.round(angularFactor * Q32);
        this.dampingBeforePosition = dampingBeforePosition;
        this.linearThresholdMps = linearThresholdMps;
        this.angularThresholdRadps = angularThresholdRadps;
    }

    /**
     * JBox2D 2.2.1.1 (2D).
     *
     * @param gravityXMps2    world gravity x, m/s^2.
     * @param gravityYMps2    world gravity y, m/s^2 (e.g. -10).
     * @param linearDamping   body linear damping, 1/s (JBox2D default 0).
     * @param angularDamping  body angular damping, 1/s (JBox2D default 0).
     * @param tickRateHz      steps per second (the step is {@code 1f / tickRateHz}).
     */
    public static IntegratorModel jbox2d(
        final double gravityXMps2,
        final double gravityYMps2,
        final double linearDamping,
        final double angularDamping,
        final int tickRateHz)
    {
        final float h = 1.0f / tickRateHz;
        final float linear = Math.max(0f, Math.min(1f, 1.0f - h * (float)linearDamping));
        final float angular = Math.max(0f, Math.min(1f, 1.0f - h * (float)angularDamping));
        return new IntegratorModel(tickRateHz, new double[]{gravityXMps2, gravityYMps2, 0}, linear, angular, true, 0, 0);
    }

    /**
     * ode4j 0.5.3 (3D) with world damping as {@code dWorldSetLinearDamping(scale)} etc.
     *
     * @param gravityZMps2          world gravity z, m/s^2 (e.g. -20 in Fiedler's cube demo).
     * @param linearScale           linear damping scale per step (e.g. 0.01).
     * @param angularScale          angular damping scale per step (e.g. 0.01).
     * @param linearThresholdMps    damping applies only above this speed (ODE default 0.01).
     * @param angularThresholdRadps damping applies only above this angular speed (ODE default 0.01).
     * @param tickRateHz            steps per second.
     */
    public static IntegratorModel ode(
        final double gravityZMps2,
        final double linearScale,
        final double angularScale,
        final double linearThresholdMps,
        final double angularThresholdRadps,
        final int tickRateHz)
    {
        return new IntegratorModel(tickRateHz, new double[]{0, 0, gravityZMps2}, 1 - linearScale, 1 - angularScale,
            false, linearThresholdMps, angularThresholdRadps);
    }

    /** @return steps per second. */
    public int tickRateHz()
    {
        return tickRateHz;
    }

    /** @return gravity on one axis, m/s^2. */
    public double gravityMps2(final int axis)
    {
        return gravityMps2[axis];
    }

    static long toQ32(final double value)
    {
        return Math.round(value * Q32);
    }
}
