package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

class AckedSnapshotTrackerTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();

    @Test
    void shouldCodeAgainstTheFirstSnapshotUntilTheFirstAckThenAgainstTheNewestAcked()
    {
        final AckedSnapshotTracker tracker = new AckedSnapshotTracker(snapshot(0), 16);
        assertNull(tracker.baseline(), "nothing recorded yet");

        tracker.onSnapshot(1, snapshot(1));
        assertArrayEquals(snapshot(1).array(), tracker.baseline().array(), "the first snapshot is the initial one");
        tracker.onSnapshot(2, snapshot(2));
        tracker.onSnapshot(3, snapshot(3));
        assertArrayEquals(snapshot(1).array(), tracker.baseline().array(), "still no ack");

        tracker.onReplicaApplied(2);
        tracker.onReplicaSends(7);
        tracker.onSnapshot(4, snapshot(4));
        assertArrayEquals(snapshot(1).array(), tracker.baseline().array(), "the ack is still on its way");
        tracker.onAuthorityReceived(7);
        assertArrayEquals(snapshot(2).array(), tracker.baseline().array());
    }

    @Test
    void shouldFallBackToNoBaselineWhenTheAckedSnapshotIsNoLongerKept()
    {
        final AckedSnapshotTracker tracker = new AckedSnapshotTracker(snapshot(0), 4);
        tracker.onSnapshot(1, snapshot(1));
        tracker.onReplicaApplied(1);
        tracker.onReplicaSends(0);
        tracker.onAuthorityReceived(0);
        for (int tick = 2; tick <= 5; tick++)
        {
            tracker.onSnapshot(tick, snapshot(tick));
        }
        assertNull(tracker.baseline());
    }

    /** A snapshot whose every cube sits {@code tick} units along x. */
    private static QuantizedStates snapshot(final int tick)
    {
        final QuantizedStates states = new QuantizedStates(SCHEMA, 3);
        for (int i = 0; i < 3; i++)
        {
            states.set(i, 0, tick);
        }
        return states;
    }
}
