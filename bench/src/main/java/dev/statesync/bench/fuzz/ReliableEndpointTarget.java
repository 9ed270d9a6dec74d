package dev.statesync.bench.fuzz;

import org.agrona.DirectBuffer;

import dev.statesync.sync.reliable.IntegrityMode;
import dev.statesync.sync.reliable.ReliableCounters;

/**
 * {@code ReliableEndpoint.receivePacket}: the reliable.io layer on its own, with no integrity trailer, a CRC32C
 * (which the attacker recomputes for half the inputs) or the keyed MAC. Accepted means delivered, or stored as a
 * fragment for reassembly.
 */
final class ReliableEndpointTarget implements FuzzTarget
{
    private final IntegrityMode mode;
    private final String name;
    private final WireLayout layout;
    private ReliablePairSession session;

    ReliableEndpointTarget(final String name, final IntegrityMode mode, final long seed)
    {
        this.name = name;
        this.mode = mode;
        this.layout = WireLayout.packets(mode, ReliablePairSession.PROTOCOL_ID, WireLayout.PayloadTick.NONE);
        this.session = new ReliablePairSession(mode, seed);
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public boolean convergenceGuaranteed()
    {
        return mode == IntegrityMode.KEYED_MAC;
    }

    @Override
    public WireLayout layout()
    {
        return layout;
    }

    @Override
    public FuzzCorpus corpus()
    {
        return session.corpus;
    }

    @Override
    public boolean feed(final DirectBuffer buffer, final int offset, final int length)
    {
        final int outcome = session.receiver.receivePacket(buffer, offset, length, session.nowNs());
        return outcome == ReliableCounters.PACKETS_DELIVERED || outcome == ReliableCounters.FRAGMENTS_RECEIVED;
    }

    @Override
    public long stateDigest()
    {
        return session.receiver.stateDigest();
    }

    @Override
    public void honestTick(final boolean moving)
    {
        session.tick(moving);
    }

    @Override
    public boolean converged()
    {
        return session.healthy();
    }

    @Override
    public long honestErrors()
    {
        return session.honestErrors();
    }

    @Override
    public void rebuild(final long seed)
    {
        session = new ReliablePairSession(mode, seed);
    }
}
