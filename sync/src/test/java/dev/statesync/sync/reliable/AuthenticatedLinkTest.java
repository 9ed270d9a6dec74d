/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static dev.statesync.sync.reliable.ReliableCounters.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A link authenticated with a keyed MAC: only the peer holding the keys can produce a datagram this end accepts,
 * and whatever else arrives is refused as {@link ReliableCounters#REJECTED_INTEGRITY} with no state changed.
 */
class AuthenticatedLinkTest
{
    private static final LinkKeys KEYS = new LinkKeys(1L, 2L, 3L, 4L);

    private static Recorders.Peer peer(final LinkKeys keys, final LinkSide side)
    {
        return new Recorders.Peer(new ReliableConfig().authenticate(keys, side));
    }

    private static void assertRefusedUnchanged(final Recorders.Peer receiver, final byte[] datagram, final ReliableCounters reason)
    {
        final long digest = receiver.endpoint.stateDigest();
        final long before = receiver.endpoint.counter(reason);
        assertEquals(reason, receiver.receive(datagram, 5_000_000L));
        assertEquals(before + 1, receiver.endpoint.counter(reason));
        assertEquals(digest, receiver.endpoint.stateDigest());
    }

    @Test
    void shouldDeliverBothWaysAndAppendAnEightByteTag()
    {
        final Recorders.Peer client = peer(KEYS, LinkSide.CLIENT);
        final Recorders.Peer server = peer(KEYS, LinkSide.SERVER);
        client.send(100, 0);
        server.send(3000, 0); // fragmented: every fragment carries its own tag
        final Recorders.Peer plain = new Recorders.Peer(new ReliableConfig());
        plain.send(100, 0);
        assertEquals(plain.transmitted.get(0).length + KeyedMacIntegrity.TRAILER_BYTES, client.transmitted.get(0).length);
        assertEquals(PACKETS_DELIVERED, server.receive(client.transmitted.get(0), 1_000_000L));
        for (final byte[] fragment : server.transmitted.datagrams)
        {
            client.receive(fragment, 1_000_000L);
        }
        assertEquals(1, client.processed.payloads.size());
        assertEquals(3000, client.processed.payloads.get(0).length);
    }

    @Test
    void shouldRefuseForgedSequenceFarAheadAndStillDeliverHonestPackets()
    {
        final Recorders.Peer client = peer(KEYS, LinkSide.CLIENT);
        final Recorders.Peer server = peer(KEYS, LinkSide.SERVER);
        client.send(10, 0);
        server.receive(client.transmitted.get(0), 0);

        // What an attacker without the keys can send: a well-formed header far ahead, with an 8-byte guess.
        final byte[] forged = new byte[4 + 1 + 8];
        final UnsafeBuffer forgedBuffer = new UnsafeBuffer(forged);
        final int header = PacketHeader.write(forgedBuffer, 0, 30_000, 0, 0xFFFFFFFF);
        forged[header] = 7;
        assertRefusedUnchanged(server, java.util.Arrays.copyOf(forged, header + 1 + 8), REJECTED_INTEGRITY);
        // The same bytes signed by a stranger's keys fail too.
        final Recorders.Peer stranger = peer(LinkKeys.random(), LinkSide.CLIENT);
        stranger.send(10, 0);
        assertRefusedUnchanged(server, stranger.transmitted.get(0), REJECTED_INTEGRITY);

        client.send(10, 0);
        assertEquals(PACKETS_DELIVERED, server.receive(client.transmitted.get(1), 6_000_000L));
    }

    @Test
    void shouldRefuseOwnDatagramsReflectedBack()
    {
        final Recorders.Peer server = peer(KEYS, LinkSide.SERVER);
        server.send(40, 0);
        assertRefusedUnchanged(server, server.transmitted.get(0), REJECTED_INTEGRITY);
    }

    @Test
    void shouldRefuseDatagramShorterThanTheTag()
    {
        final Recorders.Peer server = peer(KEYS, LinkSide.SERVER);
        assertRefusedUnchanged(server, new byte[]{ 0, 1, 0, 0, 0, 0, 0 }, REJECTED_TRUNCATED);
    }

    @Test
    void shouldRefuseAuthenticateWithoutKeysOrSide()
    {
        assertThrows(IllegalArgumentException.class, () -> new ReliableConfig().authenticate(null, LinkSide.CLIENT));
        assertThrows(IllegalArgumentException.class, () -> new ReliableConfig().authenticate(KEYS, null));
    }

    @Test
    void shouldKeepKeysThroughCopyAndForgetThemWhenIntegritySwitchesToCrc()
    {
        final ReliableConfig config = new ReliableConfig().authenticate(KEYS, LinkSide.SERVER);
        final ReliableConfig copy = config.copy();
        assertEquals(IntegrityMode.KEYED_MAC, copy.integrityMode());
        assertEquals(KEYS, copy.linkKeys());
        assertEquals(LinkSide.SERVER, copy.linkSide());
        copy.integrityEnabled(true);
        assertEquals(IntegrityMode.CRC32C, copy.integrityMode());
        assertEquals(null, copy.linkKeys());
        assertEquals("LinkKeys[secret]", KEYS.toString());
    }

    @Property(tries = 300)
    void shouldRefuseEveryMutationOfARealDatagram(
        @ForAll @IntRange(min = 0, max = ReliableConfig.DEFAULT_FRAGMENT_ABOVE_BYTES) final int payloadBytes,
        @ForAll @Size(min = 1, max = 4) final java.util.List<@IntRange(min = 0, max = 100_000) Integer> bitsToFlip)
    {
        final Recorders.Peer client = peer(KEYS, LinkSide.CLIENT);
        final Recorders.Peer server = peer(KEYS, LinkSide.SERVER);
        client.send(payloadBytes, 0);
        final byte[] datagram = client.transmitted.get(0);
        final java.util.BitSet flips = new java.util.BitSet();
        for (final int bit : bitsToFlip)
        {
            flips.flip(bit % (datagram.length * 8));
        }
        if (flips.isEmpty())
        {
            flips.set(0);
        }
        final byte[] mutated = datagram.clone();
        for (int bit = flips.nextSetBit(0); bit >= 0; bit = flips.nextSetBit(bit + 1))
        {
            mutated[bit / 8] ^= (byte)(1 << (bit % 8));
        }
        assertRefusedUnchanged(server, mutated, REJECTED_INTEGRITY);
        assertEquals(PACKETS_DELIVERED, server.receive(datagram, 6_000_000L));
    }
}
