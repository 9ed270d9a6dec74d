/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.junit.jupiter.api.Test;

import static dev.statesync.sync.reliable.ReliableCounters.PACKETS_DELIVERED;
import static dev.statesync.sync.reliable.ReliableCounters.REJECTED_INTEGRITY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link ReliableEndpoint#reset(long, LinkKeys)}: a server's pre-built endpoint serves a new connection under that
 * connection's keys, and nothing signed under the previous connection's keys gets in any more.
 */
class EndpointRekeyTest
{
    private static final LinkKeys OLD_KEYS = new LinkKeys(1L, 2L, 3L, 4L);
    private static final LinkKeys NEW_KEYS = new LinkKeys(5L, 6L, 7L, 8L);

    @Test
    void shouldAcceptOnlyTheNewConnectionsKeysAfterRekey()
    {
        final Recorders.Peer server = new Recorders.Peer(new ReliableConfig().authenticate(OLD_KEYS, LinkSide.SERVER));
        final Recorders.Peer oldClient = new Recorders.Peer(new ReliableConfig().authenticate(OLD_KEYS, LinkSide.CLIENT));
        final Recorders.Peer newClient = new Recorders.Peer(new ReliableConfig().authenticate(NEW_KEYS, LinkSide.CLIENT));
        oldClient.send(20, 0);
        assertEquals(PACKETS_DELIVERED, server.receive(oldClient.transmitted.get(0), 0));

        server.endpoint.reset(1_000_000L, NEW_KEYS);

        assertEquals(0, server.endpoint.counter(PACKETS_DELIVERED), "counters start over");
        oldClient.send(20, 0);
        assertEquals(REJECTED_INTEGRITY, server.receive(oldClient.transmitted.get(1), 2_000_000L));
        newClient.send(20, 0);
        assertEquals(PACKETS_DELIVERED, server.receive(newClient.transmitted.get(0), 2_000_000L));
        assertEquals(NEW_KEYS, server.endpoint.config().linkKeys());

        server.send(30, 3_000_000L);
        assertEquals(PACKETS_DELIVERED, newClient.receive(server.transmitted.last(), 3_000_000L), "signs with new keys");
        assertEquals(REJECTED_INTEGRITY, oldClient.receive(server.transmitted.last(), 3_000_000L));
    }

    @Test
    void shouldRefuseRekeyOfAnEndpointWithoutKeyedMac()
    {
        final ReliableEndpoint crc = new Recorders.Peer(new ReliableConfig().integrityEnabled(true)).endpoint;
        assertThrows(IllegalStateException.class, () -> crc.reset(0, NEW_KEYS));
        final ReliableEndpoint keyed = new Recorders.Peer(new ReliableConfig().authenticate(OLD_KEYS, LinkSide.CLIENT)).endpoint;
        assertThrows(IllegalArgumentException.class, () -> keyed.reset(0, null));
    }
}
