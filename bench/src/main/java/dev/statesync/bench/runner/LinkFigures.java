package dev.statesync.bench.runner;

/**
 * The link as the authority saw it.
 *
 * @param packetsSent     snapshot packets the authority sent.
 * @param packetsAcked    of those, acked by the replica.
 * @param packetsLost     authority-to-replica datagrams (snapshots or their fragments) the network dropped.
 * @param invalidPackets  replica decode failures other than stale snapshots and baseline misses, plus datagrams
 *                        either endpoint rejected: hostile or corrupt input.
 * @param baselineMisses  snapshots the replica refused because a delta named a baseline it does not hold: with
 *                        unacked references, those whose reference the network lost; else expected 0.
 * @param unackedReferenceSnapshots snapshots sent against the previous, unacked one
 *                        ({@code SnapshotConfig.unackedReferenceMaxAgeTicks}).
 * @param deepChainSnapshots of those, snapshots whose chain of unacked references was deeper than
 *                        {@code --unacked-chain}, which a clean spell allowed
 *                        ({@code SnapshotConfig.unackedReferenceLosslessChainDepth}).
 * @param cleanSnapshots snapshots that named only acked baselines (every snapshot when unacked references are off).
 * @param cleanPayloadBits payload bits of those, summed.
 * @param referencingPayloadBits payload bits of the {@code unackedReferenceSnapshots}, summed. Unbudgeted the two kinds
 *                        alternate, and the mean of each says what a baseline one tick old saves against one a round
 *                        trip old.
 * @param heldSnapshots   snapshots the replica's endpoint held for a second offer (refused for a reference not yet
 *                        received: {@code SnapshotLinkConfig.heldSnapshotSlots}).
 * @param heldApplied     of those, applied on their second offer (the reference had been overtaken, not lost).
 * @param rttMs           the authority's smoothed round-trip estimate, ms.
 */
public record LinkFigures(
    long packetsSent, long packetsAcked, long packetsLost, long invalidPackets, long baselineMisses,
    long unackedReferenceSnapshots, long deepChainSnapshots, long cleanSnapshots, long cleanPayloadBits,
    long referencingPayloadBits, long heldSnapshots, long heldApplied, double rttMs)
{
    /** @return mean payload bits of a snapshot that named only acked baselines; NaN if there was none. */
    public double cleanPayloadBitsMean()
    {
        return cleanSnapshots == 0 ? Double.NaN : cleanPayloadBits / (double)cleanSnapshots;
    }

    /** @return mean payload bits of a snapshot sent against the previous, unacked one; NaN if there was none. */
    public double referencingPayloadBitsMean()
    {
        return unackedReferenceSnapshots == 0 ? Double.NaN : referencingPayloadBits / (double)unackedReferenceSnapshots;
    }
}
