/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.sim;

/**
 * Steele, Lea and Flood's SplitMix64: a tiny, fast, seeded generator whose whole state is one long, so a
 * simulated network run is reproduced exactly from its seed on any JVM. Not for cryptography.
 */
public final class SplitMix64
{
    private static final double DOUBLE_UNIT = 0x1.0p-53;
    private long state;

    /**
     * @param seed any value; equal seeds give equal sequences.
     */
    public SplitMix64(final long seed)
    {
        this.state = seed;
    }

    /**
     * @return the next 64 pseudo-random bits.
     */
    public long nextLong()
    {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * @return uniform in [0, 1).
     */
    public double nextDouble()
    {
        return (nextLong() >>> 11) * DOUBLE_UNIT;
    }

    /**
     * @param probability chance of true, in [0, 1]; 0 never, 1 always.
     * @return true with that probability.
     */
    public boolean chance(final double probability)
    {
        return probability > 0.0 && nextDouble() < probability;
    }

    /**
     * @param bound exclusive upper bound, positive.
     * @return uniform in [0, bound).
     */
    public int nextInt(final int bound)
    {
        if (bound <= 0)
        {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        return (int)(((nextLong() >>> 33) * bound) >>> 31);
    }
}
