/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

/**
 * Token buckets for REQUEST and RESPONSE packets, the two that cost the server a MAC (and a RESPONSE possibly an
 * X25519 agreement): one per source IP, and one for the whole server.
 * <p>
 * Per IP, not per IP and port: one host can open any number of ports. The IP is hashed with a per-server random
 * salt into a fixed table of buckets, so memory is bounded whatever the number of senders and nothing is allocated
 * per packet. IPs whose hashes collide share a bucket; with the default 4096 buckets that is rare for honest
 * clients and an attacker cannot aim for it without the salt. The per-IP limit stops one host (or one NAT) from
 * using the whole global budget; the global bucket bounds the server's handshake CPU whatever the sources, which is
 * the only bound that holds against spoofed source addresses. Time is passed in; one owner thread.
 */
final class HandshakeRateLimiter
{
    /** {@link #acquire} result: a token was taken from both buckets. */
    static final int ALLOWED = 0;
    /** {@link #acquire} result: the sender's IP bucket is empty. */
    static final int ADDRESS_LIMITED = 1;
    /** {@link #acquire} result: the global bucket is empty. */
    static final int GLOBAL_LIMITED = 2;

    private final double[] addressTokens;
    private final long[] addressRefilledNs;
    private final int mask;
    private final long salt;
    private final double addressTokensPerNs;
    private final double addressBurst;
    private final double globalTokensPerNs;
    private final double globalBurst;
    private double globalTokens;
    private long globalRefilledNs;

    /**
     * @param buckets                 per-IP buckets, a power of two.
     * @param addressPacketsPerSecond refill rate of each IP bucket.
     * @param addressBurst            capacity of each IP bucket, packets.
     * @param globalPacketsPerSecond  refill rate of the global bucket.
     * @param globalBurst             capacity of the global bucket, packets.
     * @param salt                    random, secret: mixed into the IP hash.
     * @param nowNs                   current time, nanoseconds; every bucket starts full.
     */
    HandshakeRateLimiter(
        final int buckets,
        final double addressPacketsPerSecond,
        final double addressBurst,
        final double globalPacketsPerSecond,
        final double globalBurst,
        final long salt,
        final long nowNs)
    {
        if (buckets < 1 || Integer.bitCount(buckets) != 1)
        {
            throw new IllegalArgumentException("buckets must be a power of two: " + buckets);
        }
        this.addressTokens = new double[buckets];
        this.addressRefilledNs = new long[buckets];
        this.mask = buckets - 1;
        this.salt = salt;
        this.addressTokensPerNs = addressPacketsPerSecond / 1e9;
        this.addressBurst = addressBurst;
        this.globalTokensPerNs = globalPacketsPerSecond / 1e9;
        this.globalBurst = globalBurst;
        java.util.Arrays.fill(addressTokens, addressBurst);
        java.util.Arrays.fill(addressRefilledNs, nowNs);
        this.globalTokens = globalBurst;
        this.globalRefilledNs = nowNs;
    }

    /**
     * Take one token from the sender IP's bucket and one from the global bucket, or neither: a packet refused by its
     * IP bucket costs the global bucket nothing, so one noisy host cannot drain it, and one refused by the global
     * bucket costs its IP nothing, so a flood from elsewhere does not use up an honest client's own budget.
     *
     * @param ipKey the sender's IP ({@link SenderAddress#ipKey}).
     * @param nowNs current time, nanoseconds.
     * @return {@link #ALLOWED}, {@link #ADDRESS_LIMITED} or {@link #GLOBAL_LIMITED}.
     */
    int acquire(final long ipKey, final long nowNs)
    {
        final int bucket = bucketOf(ipKey);
        final long elapsedNs = nowNs - addressRefilledNs[bucket];
        if (elapsedNs > 0)
        {
            addressTokens[bucket] = Math.min(addressBurst, addressTokens[bucket] + elapsedNs * addressTokensPerNs);
            addressRefilledNs[bucket] = nowNs;
        }
        if (addressTokens[bucket] < 1.0)
        {
            return ADDRESS_LIMITED;
        }

        final long globalElapsedNs = nowNs - globalRefilledNs;
        if (globalElapsedNs > 0)
        {
            globalTokens = Math.min(globalBurst, globalTokens + globalElapsedNs * globalTokensPerNs);
            globalRefilledNs = nowNs;
        }
        if (globalTokens < 1.0)
        {
            return GLOBAL_LIMITED;
        }
        globalTokens -= 1.0;
        addressTokens[bucket] -= 1.0;
        return ALLOWED;
    }

    /**
     * @param ipKey an IP key.
     * @return its bucket index.
     */
    int bucketOf(final long ipKey)
    {
        // MurmurHash3's 64-bit finalizer: every input bit moves every output bit.
        long h = ipKey ^ salt;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int)h & mask;
    }
}
