package dev.statesync.codec.snapshot;

import dev.statesync.codec.state.WireFingerprint;

/**
 * Optional couplings between an object's fields that an {@link ObjectCodec} exploits on context-modeled
 * (range-coded) streams, from the geometry of the bodies being synchronized. Both are off by default, and both ends
 * of a link must use the same settings: they change the bytes.
 *
 * <ul>
 *   <li>{@link #rollingRadiusM}: a level object's 3D rotation is coded against its prediction turned by rolling the
 *       position residual just decoded ({@link RollingCoupling}).</li>
 *   <li>{@link #groundContact}: an object whose newest baseline touched a horizontal ground plane codes its height
 *       after its rotation, against the height that rotation gives a cube resting on the plane
 *       ({@link GroundContact}).</li>
 * </ul>
 * The values are checked here for sign and finiteness; whether they fit the schema (3D, at least one grid unit, the
 * ground inside the z range) is checked when the codec is built. A plain mutable settings object: the codec copies
 * what it needs at construction.
 */
public final class PhysicalCouplings
{
    private double rollingRadiusM;
    private double groundHeightM;
    private double cubeHalfSizeM;

    /**
     * Add the couplings to a connection's fingerprint: both ends must use the same, they change the bytes.
     *
     * @param fingerprint the digest being built.
     */
    public void addTo(final WireFingerprint fingerprint)
    {
        fingerprint.add(rollingRadiusM).add(groundHeightM).add(cubeHalfSizeM);
    }

    /**
     * @param metres distance from a rolling body's centre of mass to the edge it pivots about (a cube of side
     *               {@code s}: {@code s / sqrt 2}), metres; 0 (the default) for no rolling.
     * @return this.
     */
    public PhysicalCouplings rollingRadiusM(final double metres)
    {
        if (!(metres >= 0) || Double.isInfinite(metres))
        {
            throw new IllegalArgumentException("rolling radius must be 0 (off) or a finite positive length, got " +
                metres + " m");
        }
        rollingRadiusM = metres;
        return this;
    }

    /** @return the rolling radius, metres; 0: no rolling. */
    public double rollingRadiusM()
    {
        return rollingRadiusM;
    }

    /**
     * @param groundHeightM z of the horizontal ground plane, metres (finite).
     * @param cubeHalfSizeM half the side of the cubes resting on it, metres; 0 (the default) for no ground contact.
     * @return this.
     */
    public PhysicalCouplings groundContact(final double groundHeightM, final double cubeHalfSizeM)
    {
        if (!(cubeHalfSizeM >= 0) || Double.isInfinite(cubeHalfSizeM) || !Double.isFinite(groundHeightM))
        {
            throw new IllegalArgumentException("cube half-size must be 0 (off) or a finite positive length and the " +
                "ground height finite, got " + cubeHalfSizeM + " m, " + groundHeightM + " m");
        }
        this.groundHeightM = groundHeightM;
        this.cubeHalfSizeM = cubeHalfSizeM;
        return this;
    }

    /** @return z of the ground plane, metres (meaningful when {@link #cubeHalfSizeM} is above 0). */
    public double groundHeightM()
    {
        return groundHeightM;
    }

    /** @return half the side of the grounded cubes, metres; 0: no ground contact. */
    public double cubeHalfSizeM()
    {
        return cubeHalfSizeM;
    }
}
