/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.function.BooleanSupplier;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.sync.reliable.IntegrityMode;
import dev.statesync.sync.udp.DisconnectReason;
import dev.statesync.sync.udp.UdpClient;
import dev.statesync.sync.udp.UdpClientConfig;
import dev.statesync.sync.udp.UdpClientCounters;
import dev.statesync.sync.udp.UdpServer;
import dev.statesync.sync.udp.UdpServerConfig;
import dev.statesync.sync.udp.UdpServerCounters;
import dev.statesync.sync.udp.UdpServerHandler;

/**
 * A real {@link UdpServer} and {@link UdpClient} on 127.0.0.1, joined through a relay the fuzzer owns: the client talks
 * to the relay, the relay forwards to the server and back, recording every datagram each way. The server therefore
 * sees the relay's port as the client's address, so hostile bytes sent from the relay arrive exactly as if the
 * connected client had sent them, and bytes sent from a second, stranger socket arrive as from an unknown address;
 * the client only hears the relay (its socket is connected), so everything fed to it comes from there. Time is the
 * session's own: it moves only in honest ticks, so timeouts never fire during a hostile phase.
 * <p>
 * The honest traffic: once connected, each end sends a 4-byte counter every tick; the session has converged when
 * both are connected and each end's newest received counter is the other's newest sent one. Rate limits are
 * lifted so hostile handshake packets reach the cookie and key checks instead of all stopping at the limiter.
 */
final class UdpLinkSession implements HonestSession
{
    static final long TICK_NS = 1_000_000_000L / 60;
    private static final long WAIT_NS = 50_000_000L;

    final FuzzCorpus toServer = new FuzzCorpus();
    final FuzzCorpus toClient = new FuzzCorpus();
    final UdpServer server;
    final UdpClient client;
    private final LoopbackRelay relay;
    private final UnsafeBuffer payload = new UnsafeBuffer(new byte[4]);
    private long nowNs = 1_000_000_000L;
    private int serverSlot = -1;
    private int serverSent;
    private int serverReceived = -1;
    private int clientSent;
    private int clientReceived = -1;
    private long honestErrors;
    private int feeds;

    UdpLinkSession(final long seed)
    {
        try
        {
            final InetAddress loopback = InetAddress.getLoopbackAddress();
            relay = new LoopbackRelay(loopback, toServer, toClient);
            server = new UdpServer(new InetSocketAddress(loopback, 0), new UdpServerConfig()
                .addressHandshakesPerSecond(1_000_000).addressHandshakeBurst(1_000_000)
                .globalHandshakesPerSecond(1_000_000).globalHandshakeBurst(1_000_000).maxClients(4),
                new Handler(), nowNs);
            relay.serverAddress(new InetSocketAddress(loopback, server.localAddress().getPort()));
            client = new UdpClient(new InetSocketAddress(loopback, 0), relay.clientFacingAddress(), new UdpClientConfig(),
                (sequence, buffer, offset, length) -> receivedByClient(buffer, offset, length), sequence -> { }, nowNs);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot open loopback sockets for the UDP fuzz session", ex);
        }
        client.connect(nowNs);
    }

    /**
     * @return the datagrams' layout in both directions, so for both UDP targets: every connection is keyed-MAC
     * after the handshake, under the default client config's protocol id.
     */
    static WireLayout layout()
    {
        return WireLayout.packets(
            IntegrityMode.KEYED_MAC, new UdpClientConfig().protocolId(), WireLayout.PayloadTick.NONE);
    }

    /**
     * One honest tick: reconnect if needed, a counter each way, everything relayed and read.
     *
     * @param moving ignored: the counters have no final state to settle on, so every tick sends one.
     */
    @Override
    public void tick(final boolean moving)
    {
        nowNs += TICK_NS;
        if (client.state() != dev.statesync.sync.udp.UdpClientState.CONNECTED &&
            client.state() != dev.statesync.sync.udp.UdpClientState.SENDING_REQUEST &&
            client.state() != dev.statesync.sync.udp.UdpClientState.SENDING_RESPONSE)
        {
            client.connect(nowNs);
        }
        if (client.isConnected())
        {
            payload.putInt(0, ++clientSent);
            client.sendPacket(payload, 0, 4, nowNs);
        }
        client.update(nowNs);
        settle();
        if (serverSlot >= 0 && server.isConnected(serverSlot))
        {
            payload.putInt(0, ++serverSent);
            server.send(serverSlot, payload, 0, 4, nowNs);
        }
        server.update(nowNs);
        settle();
    }

    /** @return both ends connected and each holding the other's newest counter. */
    @Override
    public boolean converged()
    {
        return client.isConnected() && serverSlot >= 0 && server.isConnected(serverSlot) && clientSent > 0 &&
            serverSent > 0 && serverReceived == clientSent && clientReceived == serverSent;
    }

    @Override
    public long honestErrors()
    {
        return honestErrors;
    }

    /**
     * Send hostile bytes to the server, alternately from the connected client's address (the relay) and from a
     * stranger's, and read them.
     *
     * @return true when the server's outcome for them was not a refusal.
     */
    boolean feedServer(final DirectBuffer buffer, final int offset, final int length)
    {
        final long refusedBefore = serverRefusals();
        final long receivedBefore = server.counter(UdpServerCounters.DATAGRAMS_RECEIVED);
        relay.sendToServer((feeds++ & 1) == 0, buffer, offset, length);
        waitFor(() -> server.counter(UdpServerCounters.DATAGRAMS_RECEIVED) > receivedBefore,
            () -> server.poll(nowNs));
        relay.drainStranger();
        return serverRefusals() == refusedBefore;
    }

    /**
     * Send hostile bytes to the client from the relay (the only address its connected socket hears) and read them.
     *
     * @return true when the client's outcome for them was not a refusal.
     */
    boolean feedClient(final DirectBuffer buffer, final int offset, final int length)
    {
        final long refusedBefore = clientRefusals();
        final long receivedBefore = client.counter(UdpClientCounters.DATAGRAMS_RECEIVED);
        if (relay.clientAddress() == null)
        {
            return false;
        }
        relay.sendToClient(buffer, offset, length);
        waitFor(() -> client.counter(UdpClientCounters.DATAGRAMS_RECEIVED) > receivedBefore,
            () -> client.poll(nowNs));
        return clientRefusals() == refusedBefore;
    }

    long serverDigest()
    {
        return server.stateDigest(nowNs);
    }

    @Override
    public void close()
    {
        client.close();
        server.close();
        relay.close();
    }

    private long serverRefusals()
    {
        long sum = 0;
        for (final UdpServerCounters counter : UdpServerCounters.values())
        {
            if (counter.isRefusal())
            {
                sum += server.counter(counter);
            }
        }
        return sum;
    }

    private long clientRefusals()
    {
        long sum = 0;
        for (final UdpClientCounters counter : UdpClientCounters.values())
        {
            if (counter.isRefusal())
            {
                sum += client.counter(counter);
            }
        }
        return sum;
    }

    /** Relay and read until nothing moves: loopback delivery is immediate in practice but not promised. */
    private void settle()
    {
        final long deadline = System.nanoTime() + WAIT_NS;
        int quietRounds = 0;
        while (quietRounds < 3 && System.nanoTime() < deadline)
        {
            final int moved = relay.relay() + server.poll(nowNs) + client.poll(nowNs);
            quietRounds = moved == 0 ? quietRounds + 1 : 0;
            if (moved == 0)
            {
                Thread.onSpinWait();
            }
        }
    }

    private static void waitFor(final BooleanSupplier done, final Runnable poll)
    {
        final long deadline = System.nanoTime() + WAIT_NS;
        poll.run();
        while (!done.getAsBoolean() && System.nanoTime() < deadline)
        {
            Thread.onSpinWait();
            poll.run();
        }
    }

    private boolean receivedByClient(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length != 4)
        {
            honestErrors++;
            return false;
        }
        clientReceived = Math.max(clientReceived, buffer.getInt(offset));
        return true;
    }

    private final class Handler implements UdpServerHandler
    {
        @Override
        public void onClientConnected(final int clientIndex, final InetSocketAddress address)
        {
            serverSlot = clientIndex;
        }

        @Override
        public void onClientDisconnected(final int clientIndex, final DisconnectReason reason)
        {
            if (clientIndex == serverSlot)
            {
                serverSlot = -1;
            }
        }

        @Override
        public boolean onPacket(
            final int clientIndex, final int sequence, final DirectBuffer buffer, final int offset, final int length)
        {
            if (length != 4)
            {
                honestErrors++;
                return false;
            }
            serverReceived = Math.max(serverReceived, buffer.getInt(offset));
            return true;
        }

        @Override
        public void onAcked(final int clientIndex, final int sequence)
        {
            // the counters carry no state that depends on acks
        }
    }
}
