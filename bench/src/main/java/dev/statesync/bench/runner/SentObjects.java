package dev.statesync.bench.runner;

import java.util.BitSet;

import dev.statesync.codec.snapshot.SnapshotSender;

/**
 * What statesync sent, packet by packet: which objects each snapshot carried (the HTML report's raster) and the
 * packet replayed into an {@link EntropyMeter}.
 */
final class SentObjects
{
    private final int objects;
    private final BitSet raster;
    private final EntropyMeter entropy = new EntropyMeter();

    /**
     * @param ticks   ticks of the run.
     * @param objects objects in the scene.
     */
    SentObjects(final int ticks, final int objects)
    {
        this.objects = objects;
        this.raster = new BitSet(ticks * objects);
    }

    /** Record the packet {@code sender} sent at {@code tick}. */
    void record(final int tick, final SnapshotSender sender)
    {
        // The meter is not a modeled stream, so the replay takes the bitpacked layout: the floor and the
        // bitpacked size below are of that symbol stream, not of the range-coded payload actually sent.
        sender.serializeLastPacket(entropy);
        entropy.endPacket();
        final int[] included = sender.includedObjects();
        for (int k = 0, n = sender.includedCount(); k < n; k++)
        {
            raster.set((tick - 1) * objects + included[k]);
        }
    }

    /** @return the replayed packets' meter. */
    EntropyMeter entropy()
    {
        return entropy;
    }

    /** @return bit {@code (tick - 1) * objects + object} set when the object was sent. */
    BitSet raster()
    {
        return raster;
    }
}
