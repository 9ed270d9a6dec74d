package dev.statesync.codec.snapshot;

import java.util.Arrays;

/** What the sender sent, counted per written packet; the sender's parts count their own decisions. */
final class SenderStatistics
{
    private int lastPacketBits;
    private long objectsSent;
    private long perfectPredictions;
    private long absoluteObjects;

    /** Count the objects of a written plan: sent, without a baseline, equal to their prediction. */
    void recordPacket(final PacketPlan plan, final int stride)
    {
        final int[] states = plan.states;
        final int[] predictions = plan.predictions;
        for (int i = 0; i < plan.count; i++)
        {
            objectsSent++;
            if (plan.newestRef[i] == plan.tableSize)
            {
                absoluteObjects++;
                continue;
            }
            final int offset = plan.stateOffset[i];
            final int predictionOffset = plan.predictionOffset[i];
            if (Arrays.equals(states, offset, offset + stride, predictions, predictionOffset, predictionOffset + stride))
            {
                perfectPredictions++;
            }
        }
    }

    void lastPacketBits(final int bits)
    {
        lastPacketBits = bits;
    }

    int lastPacketBits()
    {
        return lastPacketBits;
    }

    long objectsSent()
    {
        return objectsSent;
    }

    long perfectPredictions()
    {
        return perfectPredictions;
    }

    long absoluteObjects()
    {
        return absoluteObjects;
    }

    /** Every count to 0, as built. */
    void reset()
    {
        lastPacketBits = 0;
        objectsSent = 0;
        perfectPredictions = 0;
        absoluteObjects = 0;
    }
}
