package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

import dev.statesync.sync.reliable.IntegrityMode;
import dev.statesync.sync.reliable.ReliableCounters;

/**
 * {@code ReliableEndpoint.receivePacket}: the reliable.io layer on its own, with no integrity trailer, a CRC32C
 * (which the attacker recomputes for half the inputs) or the keyed MAC. Accepted means delivered, or stored as a
 * fragment for reassembly.
 */
final class ReliableEndpointTarget extends SessionTarget<ReliablePairSession>
{
    ReliableEndpointTarget(final String name, final IntegrityMode mode, final long seed)
    {
        super(name, mode == IntegrityMode.KEYED_MAC,
            WireLayout.packets(mode, ReliablePairSession.PROTOCOL_ID, WireLayout.PayloadTick.NONE),
            s -> new ReliablePairSession(mode, s), seed);
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session().corpus;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        final ReliablePairSession session = session();
        final ReliableCounters outcome = session.receiver.receivePacket(buffer, offset, length, session.nowNs());
        return outcome == ReliableCounters.PACKETS_DELIVERED || outcome == ReliableCounters.FRAGMENTS_RECEIVED;
    }

    @Override
    public long stateDigest()
    {
        return session().receiver.stateDigest();
    }
}
