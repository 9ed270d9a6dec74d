package dev.statesync.codec.state;

/**
 * Decides when an object should be forced to rest, from its recent poses rather than the physics engine's own
 * sleep test.
 *
 * <p>Why: once state is quantized on both sides, objects in stacks never settle by the engine's measure; they
 * jitter by a quantum, are pushed just above a surface and fall back, or slide in a feedback loop. Fiedler's fix
 * (Networked Physics in VR, "Coming To America Rest") was a ring buffer of positions and rotations per object:
 * "if a cube has not moved or rotated significantly in the last 16 frames, I force it to rest". A resting object
 * then costs one bit on the wire (its velocities are not sent) and stacks stay perfectly still.
 *
 * <p>Definition used here: the window holds the last {@code windowFrames} poses, the newest included. An object
 * is at rest when the window is full and the newest pose is within {@code positionThresholdMetres} (Euclidean
 * distance) and within the rotation threshold ({@code |dot(q_newest, q_i)| >= rotationDotThreshold}; the
 * absolute value because q and -q are the same rotation) of <em>every</em> pose in the window. Comparing with
 * every pose rather than only the oldest also catches an object that moved away and came back within the window.
 * A slow drift below the threshold per frame but beyond it across the window is not at rest.
 *
 * <p>Pass the poses both sides simulate (the quantized state when quantization is applied on both sides) so the
 * decision matches what the receiver sees. Quaternions are normalized on entry, so an engine's slowly drifting
 * norm does not keep an object awake; a NaN anywhere in the window, or a zero quaternion, makes the object not at
 * rest. Storage is primitive arrays, allocation-free after construction; not
 * thread-safe.
 */
public final class AtRestDetector
{
    /** Fiedler's window: 16 frames. */
    public static final int DEFAULT_WINDOW_FRAMES = 16;

    /** Fiedler's position threshold: 1 cm. */
    public static final float DEFAULT_POSITION_THRESHOLD_METRES = 0.01f;

    /** Fiedler's rotation threshold on |dot|, about 1.6 degrees of turn. */
    public static final float DEFAULT_ROTATION_DOT_THRESHOLD = 0.9999f;

    private static final int COMPONENTS = 7;
    private static final int X = 0;
    private static final int Y = 1;
    private static final int Z = 2;
    private static final int QX = 3;
    private static final int QY = 4;
    private static final int QZ = 5;
    private static final int QW = 6;

    private final int objectCount;
    private final int windowFrames;
    private final float positionThresholdMetres;
    private final float positionThresholdSquared;
    private final float rotationDotThreshold;
    /** Per object, windowFrames slots of {x, y, z, qx, qy, qz, qw}. */
    private final float[] poses;
    private final int[] nextSlot;
    private final int[] framesHeld;
    private final boolean[] atRest;

    /**
     * Detector with Fiedler's settings: 16 frames, 0.01 m, |dot| >= 0.9999.
     *
     * @param objectCount number of objects, indexed 0 .. objectCount - 1.
     */
    public AtRestDetector(final int objectCount)
    {
        this(objectCount, DEFAULT_WINDOW_FRAMES, DEFAULT_POSITION_THRESHOLD_METRES, DEFAULT_ROTATION_DOT_THRESHOLD);
    }

    /**
     * @param objectCount             number of objects, indexed 0 .. objectCount - 1.
     * @param windowFrames            poses kept per object, the newest included; at least 2.
     * @param positionThresholdMetres largest distance from the newest position still counted as not moved, >= 0.
     * @param rotationDotThreshold    smallest |quaternion dot| with the newest rotation still counted as not
     *                                turned, in (0, 1]; cos(angle / 2) for a largest turn of {@code angle}.
     */
    public AtRestDetector(
        final int objectCount,
        final int windowFrames,
        final float positionThresholdMetres,
        final float rotationDotThreshold)
    {
        if (objectCount < 0)
        {
            throw new IllegalArgumentException("objectCount must be >= 0, got " + objectCount);
        }
        if (windowFrames < 2)
        {
            throw new IllegalArgumentException("windowFrames must be >= 2, got " + windowFrames);
        }
        if (!(positionThresholdMetres >= 0.0f) || Float.isInfinite(positionThresholdMetres))
        {
            throw new IllegalArgumentException("positionThresholdMetres must be finite and >= 0, got " +
                positionThresholdMetres);
        }
        if (!(rotationDotThreshold > 0.0f && rotationDotThreshold <= 1.0f))
        {
            throw new IllegalArgumentException("rotationDotThreshold must be in (0, 1], got " + rotationDotThreshold);
        }
        if ((long)objectCount * windowFrames * COMPONENTS > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException("objectCount * windowFrames too large: " + objectCount + " * " +
                windowFrames);
        }
        this.objectCount = objectCount;
        this.windowFrames = windowFrames;
        this.positionThresholdMetres = positionThresholdMetres;
        this.positionThresholdSquared = positionThresholdMetres * positionThresholdMetres;
        this.rotationDotThreshold = rotationDotThreshold;
        poses = new float[objectCount * windowFrames * COMPONENTS];
        nextSlot = new int[objectCount];
        framesHeld = new int[objectCount];
        atRest = new boolean[objectCount];
    }

    /** @return number of objects tracked. */
    public int objectCount()
    {
        return objectCount;
    }

    /** @return poses kept per object, the newest included. */
    public int windowFrames()
    {
        return windowFrames;
    }

    /** @return largest distance in metres still counted as not moved. */
    public float positionThresholdMetres()
    {
        return positionThresholdMetres;
    }

    /** @return smallest |quaternion dot| still counted as not turned. */
    public float rotationDotThreshold()
    {
        return rotationDotThreshold;
    }

    /**
     * Record this frame's pose of a 3D object and re-evaluate {@link #isAtRest(int)}. Call once per simulation
     * frame per object.
     *
     * @param object index of the object.
     * @param x      position in metres.
     * @param y      position in metres.
     * @param z      position in metres.
     * @param qx     rotation quaternion x, need not be exactly unit length.
     * @param qy     rotation quaternion y.
     * @param qz     rotation quaternion z.
     * @param qw     rotation quaternion w.
     */
    public void update(
        final int object,
        final float x,
        final float y,
        final float z,
        final float qx,
        final float qy,
        final float qz,
        final float qw)
    {
        checkObject(object);
        // Normalized so the dot threshold means the same turn whatever drift the engine's quaternions have.
        final float inverseNorm = 1.0f / (float)Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        final float ux = qx * inverseNorm;
        final float uy = qy * inverseNorm;
        final float uz = qz * inverseNorm;
        final float uw = qw * inverseNorm;

        final int slot = nextSlot[object];
        final int offset = (object * windowFrames + slot) * COMPONENTS;
        final float[] p = poses;
        p[offset + X] = x;
        p[offset + Y] = y;
        p[offset + Z] = z;
        p[offset + QX] = ux;
        p[offset + QY] = uy;
        p[offset + QZ] = uz;
        p[offset + QW] = uw;
        nextSlot[object] = slot + 1 == windowFrames ? 0 : slot + 1;

        final int held = framesHeld[object] < windowFrames ? framesHeld[object] + 1 : windowFrames;
        framesHeld[object] = held;
        atRest[object] = held == windowFrames && windowStaysNear(object, x, y, z, ux, uy, uz, uw);
    }

    /**
     * Record this frame's pose of a 2D object (rotation about the z axis) and re-evaluate
     * {@link #isAtRest(int)}. Stored as z = 0 and the quaternion of {@code angleRadians} about z, so the rotation
     * threshold means the same turn as in 3D: |dot| = cos(turn / 2).
     *
     * @param object       index of the object.
     * @param x            position in metres.
     * @param y            position in metres.
     * @param angleRadians rotation about the z axis in radians, any range.
     */
    public void update2d(final int object, final float x, final float y, final float angleRadians)
    {
        final double halfAngle = 0.5 * angleRadians;
        update(object, x, y, 0.0f, 0.0f, 0.0f, (float)Math.sin(halfAngle), (float)Math.cos(halfAngle));
    }

    /**
     * @param object index of the object.
     * @return true when the last {@link #windowFrames()} poses are all within the thresholds of the newest one.
     */
    public boolean isAtRest(final int object)
    {
        checkObject(object);
        return atRest[object];
    }

    /**
     * @param object index of the object.
     * @return poses held for the object, 0 .. {@link #windowFrames()}.
     */
    public int framesHeld(final int object)
    {
        checkObject(object);
        return framesHeld[object];
    }

    /**
     * Forget an object's history, e.g. after a teleport or respawn, so stale poses neither hold it at rest nor
     * keep it awake. It can be at rest again once a full window of new poses has been recorded.
     *
     * @param object index of the object.
     */
    public void reset(final int object)
    {
        checkObject(object);
        nextSlot[object] = 0;
        framesHeld[object] = 0;
        atRest[object] = false;
    }

    private boolean windowStaysNear(
        final int object,
        final float x,
        final float y,
        final float z,
        final float qx,
        final float qy,
        final float qz,
        final float qw)
    {
        final float[] p = poses;
        final float maxDistanceSquared = positionThresholdSquared;
        final float minAbsDot = rotationDotThreshold;
        final int start = object * windowFrames * COMPONENTS;
        final int end = start + windowFrames * COMPONENTS;
        for (int offset = start; offset < end; offset += COMPONENTS)
        {
            final float dx = p[offset + X] - x;
            final float dy = p[offset + Y] - y;
            final float dz = p[offset + Z] - z;
            final float dot = p[offset + QX] * qx + p[offset + QY] * qy + p[offset + QZ] * qz + p[offset + QW] * qw;
            // Written so that NaN fails both tests.
            if (!(dx * dx + dy * dy + dz * dz <= maxDistanceSquared) || !(Math.abs(dot) >= minAbsDot))
            {
                return false;
            }
        }

        return true;
    }

    private void checkObject(final int object)
    {
        if (object < 0 || object >= objectCount)
        {
            throw new IllegalArgumentException("object must be 0.." + (objectCount - 1) + ", got " + object);
        }
    }
}
