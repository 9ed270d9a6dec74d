package dev.statesync.bench.fuzz;

import java.util.Arrays;

import dev.statesync.codec.snapshot.SnapshotReceiver;

/**
 * The check an honest delivery must pass for every object the applied snapshot carried, not only those whose current
 * state it changed: a snapshot applied after a later one (reordered, or held for its reference) changes no current
 * state, yet a display takes its states ({@link SnapshotReceiver#decodedObjects()}).
 */
final class DecodedStates
{
    private DecodedStates()
    {
    }

    /**
     * @param expected the states sent at the receiver's {@link SnapshotReceiver#lastTick()}, object {@code o}'s at
     *                 {@code o * stride}.
     * @return how many of the last applied snapshot's objects decoded to another state than the one sent.
     */
    static int mismatches(final SnapshotReceiver receiver, final int[] expected, final int stride)
    {
        int mismatches = 0;
        final int[] objects = receiver.decodedObjects();
        final int[] states = receiver.decodedStates();
        for (int k = 0, n = receiver.decodedCount(); k < n; k++)
        {
            final int from = objects[k] * stride;
            if (!Arrays.equals(states, k * stride, (k + 1) * stride, expected, from, from + stride))
            {
                mismatches++;
            }
        }
        return mismatches;
    }
}
