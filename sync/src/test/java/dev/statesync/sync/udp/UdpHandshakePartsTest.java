/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.LinkKeys;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.security.KeyPair;
import java.security.SecureRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The handshake's pieces on their own: the cookie is bound to every field it covers, both ends derive the same
 * keys and only from a real exchange, used cookies are remembered exactly until they expire, and the packet sizes
 * keep every reply to an unproven address smaller than what caused it.
 */
class UdpHandshakePartsTest
{
    private static final byte[] SERVER_KEY = new byte[HandshakePackets.PUBLIC_KEY_BYTES];

    private static SenderAddress sender(final int port) throws UnknownHostException
    {
        final SenderAddress sender = new SenderAddress();
        sender.set(new InetSocketAddress(InetAddress.getByAddress(new byte[]{ 127, 0, 0, 1 }), port));
        return sender;
    }

    @Test
    void shouldKeepEveryReplyToAnUnprovenAddressSmallerThanItsCause()
    {
        assertTrue(HandshakePackets.CHALLENGE_BYTES <= HandshakePackets.REQUEST_BYTES);
        assertTrue(HandshakePackets.DENIED_BYTES <= HandshakePackets.REQUEST_BYTES);
        assertTrue(HandshakePackets.DENIED_BYTES <= HandshakePackets.RESPONSE_BYTES);
        assertTrue(HandshakePackets.CONTROL_BYTES <= HandshakePackets.RESPONSE_BYTES);
        assertEquals(89, HandshakePackets.CHALLENGE_BYTES);
        assertEquals(57, HandshakePackets.RESPONSE_BYTES);
        assertEquals(19, HandshakePackets.CONTROL_BYTES);
        assertEquals(18, HandshakePackets.DENIED_BYTES);
    }

    @Test
    void shouldTellControlPacketsFromEveryReliablePrefix()
    {
        for (int prefix = 0; prefix < 256; prefix++)
        {
            final boolean reliable = (prefix & 0xC0) == 0; // what reliable.io can write: bits 6-7 clear
            if (reliable)
            {
                assertFalse(HandshakePackets.isControl((byte)prefix), "prefix " + prefix);
            }
        }
        for (final int type : new int[]{ HandshakePackets.REQUEST, HandshakePackets.CHALLENGE, HandshakePackets.RESPONSE,
            HandshakePackets.KEEP_ALIVE, HandshakePackets.DENIED, HandshakePackets.DISCONNECT })
        {
            assertTrue(HandshakePackets.isControl((byte)type));
        }
    }

    @Property(tries = 200)
    void cookieTagChangesWithEveryBitOfWhatItCovers(@ForAll @IntRange(min = 0, max = 32 * 8 + 64 + 16 - 1) final int bit)
        throws UnknownHostException
    {
        final HandshakeCookie cookie = new HandshakeCookie(42L, SERVER_KEY, new SecureRandom(new byte[]{ 1 }));
        final UnsafeBuffer clientKey = new UnsafeBuffer(new byte[32]);
        clientKey.setMemory(0, 32, (byte)0x5A);
        cookie.compute(sender(4000), clientKey, 0, 1_000L);
        final long tag0 = cookie.tag0();
        final long tag1 = cookie.tag1();

        int port = 4000;
        long expiryMs = 1_000L;
        if (bit < 256)
        {
            clientKey.putByte(bit >>> 3, (byte)(clientKey.getByte(bit >>> 3) ^ (1 << (bit & 7))));
        }
        else if (bit < 256 + 64)
        {
            expiryMs ^= 1L << (bit - 256);
        }
        else
        {
            port ^= 1 << (bit - 320);
        }
        cookie.compute(sender(port), clientKey, 0, expiryMs);
        assertTrue(cookie.tag0() != tag0 || cookie.tag1() != tag1);
    }

    @Test
    void shouldBindTheCookieToTheIpAndToTheServerInstance() throws UnknownHostException
    {
        final UnsafeBuffer clientKey = new UnsafeBuffer(new byte[32]);
        final HandshakeCookie cookie = new HandshakeCookie(42L, SERVER_KEY, new SecureRandom());
        cookie.compute(sender(4000), clientKey, 0, 1_000L);
        final long tag0 = cookie.tag0();
        final SenderAddress otherIp = new SenderAddress();
        otherIp.set(new InetSocketAddress(InetAddress.getByAddress(new byte[]{ 127, 0, 0, 2 }), 4000));
        cookie.compute(otherIp, clientKey, 0, 1_000L);
        assertNotEquals(tag0, cookie.tag0());

        final HandshakeCookie restarted = new HandshakeCookie(42L, SERVER_KEY, new SecureRandom());
        restarted.compute(sender(4000), clientKey, 0, 1_000L);
        assertNotEquals(tag0, restarted.tag0(), "a new server instance has a new secret");
    }

    @Test
    void shouldDeriveTheSameKeysOnBothEndsAndDifferentKeysForAnotherCookie()
    {
        final KeyExchange exchange = new KeyExchange();
        final KeyPair client = exchange.generate();
        final KeyPair server = exchange.generate();
        final byte[] clientKey = KeyExchange.encode(client.getPublic());
        final byte[] serverKey = KeyExchange.encode(server.getPublic());
        final byte[] clientSecret = exchange.agree(client.getPrivate(), serverKey);
        final byte[] serverSecret = exchange.agree(server.getPrivate(), clientKey);
        assertArrayEquals(clientSecret, serverSecret);

        final LinkKeys keys = exchange.derive(clientSecret, clientKey, serverKey, 5, 6, 7);
        assertEquals(keys, exchange.derive(serverSecret, clientKey, serverKey, 5, 6, 7));
        assertNotEquals(keys, exchange.derive(serverSecret, clientKey, serverKey, 5, 6, 8), "tag is bound");
        assertNotEquals(keys, exchange.derive(serverSecret, clientKey, serverKey, 4, 6, 7), "expiry is bound");
        assertNotEquals(keys, exchange.derive(serverSecret, serverKey, clientKey, 5, 6, 7), "roles are bound");
        assertNotEquals(keys.sendK0(dev.statesync.sync.reliable.LinkSide.CLIENT),
            keys.sendK0(dev.statesync.sync.reliable.LinkSide.SERVER), "one key per direction");
    }

    @Test
    void shouldRefuseSmallOrderPublicKeys()
    {
        final KeyExchange exchange = new KeyExchange();
        final KeyPair own = exchange.generate();
        assertNull(exchange.agree(own.getPrivate(), new byte[32]), "u = 0");
        final byte[] one = new byte[32];
        one[0] = 1;
        assertNull(exchange.agree(own.getPrivate(), one), "u = 1");
    }

    @Test
    void shouldRememberUsedCookiesUntilTheyExpireAndNeverDropALiveOne()
    {
        final UsedCookies used = new UsedCookies(2);
        used.add(11L, 100L, 0L);
        used.add(22L, 200L, 0L);
        assertTrue(used.contains(11L, 50L));
        assertTrue(used.contains(22L, 100L));
        assertFalse(used.hasRoom(100L), "full of live cookies");
        assertThrows(IllegalStateException.class, () -> used.add(33L, 300L, 100L));
        assertTrue(used.contains(11L, 100L), "expires after its expiry, not at it");

        assertFalse(used.contains(11L, 101L));
        assertTrue(used.hasRoom(101L));
        used.add(33L, 300L, 101L);
        assertTrue(used.contains(22L, 101L));
        assertTrue(used.contains(33L, 101L));
        assertFalse(used.contains(44L, 101L));
        assertEquals(0, new UsedCookies(1).size());
        assertFalse(used.contains(33L, 301L));
        assertEquals(0, used.size());
    }

    @Test
    void shouldRefuseHandshakesPastTheBurstAndRefillAtTheRate()
    {
        final HandshakeRateLimiter limiter = new HandshakeRateLimiter(1024, 10, 20, 1000, 1000, 99L, 0L);
        for (int i = 0; i < 20; i++)
        {
            assertEquals(HandshakeRateLimiter.ALLOWED, limiter.acquire(1L, 0L));
        }
        assertEquals(HandshakeRateLimiter.ADDRESS_LIMITED, limiter.acquire(1L, 0L));
        final long otherIp = otherBucketThan(limiter, 1L);
        assertEquals(HandshakeRateLimiter.ALLOWED, limiter.acquire(otherIp, 0L), "another IP has its own bucket");
        assertEquals(HandshakeRateLimiter.ADDRESS_LIMITED, limiter.acquire(1L, 99_999_999L));
        assertEquals(HandshakeRateLimiter.ALLOWED, limiter.acquire(1L, 100_000_000L), "one token per 100 ms");
        assertEquals(HandshakeRateLimiter.ADDRESS_LIMITED, limiter.acquire(1L, 100_000_000L));
    }

    @Test
    void shouldRefuseOverTheGlobalLimitWithoutChargingItForRefusedAddresses()
    {
        final HandshakeRateLimiter limiter = new HandshakeRateLimiter(1024, 1, 1, 2, 2, 99L, 0L);
        assertEquals(HandshakeRateLimiter.ALLOWED, limiter.acquire(1L, 0L));
        assertEquals(HandshakeRateLimiter.ADDRESS_LIMITED, limiter.acquire(1L, 0L));
        assertEquals(HandshakeRateLimiter.ADDRESS_LIMITED, limiter.acquire(1L, 0L));
        final long second = otherBucketThan(limiter, 1L);
        assertEquals(HandshakeRateLimiter.ALLOWED, limiter.acquire(second, 0L), "refusals did not drain the global bucket");
        final long third = otherBucketThan(limiter, second, 1L);
        assertEquals(HandshakeRateLimiter.GLOBAL_LIMITED, limiter.acquire(third, 0L));
        assertEquals(HandshakeRateLimiter.ALLOWED, limiter.acquire(third, 500_000_000L), "global refills at 2 per second");
    }

    /**
     * Whatever the arrival pattern, no IP gets more than burst + rate x elapsed, nor everyone together more than the
     * global burst + rate x elapsed.
     */
    @Property(tries = 200)
    void neverAllowsMoreThanBurstPlusRateTimesElapsed(
        @ForAll final long seed, @ForAll @IntRange(min = 1, max = 4) final int ips,
        @ForAll @IntRange(min = 1, max = 400) final int packets)
    {
        final java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        final double rate = 10;
        final double burst = 20;
        final double globalRate = 25;
        final double globalBurst = 30;
        final HandshakeRateLimiter limiter = new HandshakeRateLimiter(64, rate, burst, globalRate, globalBurst, seed, 0L);
        final int[] allowed = new int[ips];
        int allowedTotal = 0;
        long nowNs = 0;
        for (int i = 0; i < packets; i++)
        {
            nowNs += random.nextInt(4) == 0 ? random.nextLong(200_000_000L) : 0;
            final int ip = random.nextInt(ips);
            if (limiter.acquire(1000 + ip, nowNs) == HandshakeRateLimiter.ALLOWED)
            {
                allowed[ip]++;
                allowedTotal++;
            }
        }
        final double seconds = nowNs / 1e9;
        for (int ip = 0; ip < ips; ip++)
        {
            // IPs that share a bucket share its budget, so each stays under it either way.
            assertTrue(allowed[ip] <= burst + rate * seconds + 1e-9, "ip " + ip + ": " + allowed[ip]);
        }
        assertTrue(allowedTotal <= globalBurst + globalRate * seconds + 1e-9, "total " + allowedTotal);
    }

    private static long otherBucketThan(final HandshakeRateLimiter limiter, final long... ips)
    {
        for (long candidate = 2; ; candidate++)
        {
            boolean distinct = true;
            for (final long ip : ips)
            {
                distinct &= limiter.bucketOf(candidate) != limiter.bucketOf(ip);
            }
            if (distinct)
            {
                return candidate;
            }
        }
    }
}
