/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

/**
 * The cookies that already opened a connection and have not expired, so a RESPONSE replayed after that connection
 * ended (disconnect or timeout, while the cookie is still within its lifetime) gets no second slot.
 * <p>
 * A ring in connection order of (first 8 tag bytes, expiry): entries leave from the old end once expired. The ring
 * never drops an unexpired entry to make room: when it is full the server refuses the new connection instead
 * ({@link UdpServerCounters#REFUSED_COOKIE_GUARD_FULL}), because forgetting a live cookie would re-open exactly the
 * replay this guards against. Capacity divided by the cookie lifetime is the sustained connection rate it allows
 * (defaults: 1024 / 5 s, about 200 new connections per second). Fixed memory, no allocation; one owner thread.
 */
final class UsedCookies
{
    private final long[] tags;
    private final long[] expiriesMs;
    private int oldest;
    private int count;

    /**
     * @param capacity cookies remembered at once.
     */
    UsedCookies(final int capacity)
    {
        if (capacity < 1)
        {
            throw new IllegalArgumentException("capacity >= 1");
        }
        tags = new long[capacity];
        expiriesMs = new long[capacity];
    }

    /**
     * @param tag0  first 8 bytes of a cookie tag.
     * @param nowMs current server time, milliseconds.
     * @return true when that cookie opened a connection and has not expired.
     */
    boolean contains(final long tag0, final long nowMs)
    {
        forgetExpired(nowMs);
        for (int i = 0, index = oldest; i < count; i++, index = next(index))
        {
            if (tags[index] == tag0)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * @param nowMs current server time, milliseconds.
     * @return true when {@link #add} will succeed.
     */
    boolean hasRoom(final long nowMs)
    {
        forgetExpired(nowMs);
        return count < tags.length;
    }

    /**
     * @param tag0     first 8 bytes of the tag of a cookie that just opened a connection.
     * @param expiryMs its expiry.
     * @param nowMs    current server time, milliseconds.
     * @throws IllegalStateException when full (call {@link #hasRoom} first).
     */
    void add(final long tag0, final long expiryMs, final long nowMs)
    {
        if (!hasRoom(nowMs))
        {
            throw new IllegalStateException("no room: check hasRoom first");
        }
        final int index = (oldest + count) % tags.length;
        tags[index] = tag0;
        expiriesMs[index] = expiryMs;
        count++;
    }

    /**
     * @return cookies remembered now.
     */
    int size()
    {
        return count;
    }

    /**
     * Fold the cookies still live at {@code nowMs} into a state digest (for the server's digest, off any hot path).
     * Expired entries are left out, so the housekeeping that forgets them on any lookup changes nothing here.
     */
    long digest(final long hash, final long nowMs)
    {
        long h = hash;
        for (int i = 0, index = oldest; i < count; i++, index = next(index))
        {
            if (expiriesMs[index] >= nowMs)
            {
                h = (h * 31 + tags[index]) * 31 + expiriesMs[index];
            }
        }
        return h;
    }

    private void forgetExpired(final long nowMs)
    {
        while (count > 0 && expiriesMs[oldest] < nowMs)
        {
            oldest = next(oldest);
            count--;
        }
    }

    private int next(final int index)
    {
        return index + 1 == tags.length ? 0 : index + 1;
    }
}
