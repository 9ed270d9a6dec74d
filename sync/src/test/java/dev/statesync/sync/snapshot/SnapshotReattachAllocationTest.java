package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.sim.NetworkSimulatorConfig;

/**
 * A server slot that takes a new client re-attaches its authority, and a client that reconnects its replica: both
 * reset their codec ends in place (about 2.4 MB of rings for 901 objects) instead of building new ones, so a
 * re-attach allocates nothing and starts from no baselines and no states.
 */
class SnapshotReattachAllocationTest
{
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    @Test
    void reattachingShouldResetBothEndsInPlaceAndAllocateNothing()
    {
        final LinkedSnapshotSession session = new LinkedSnapshotSession(StateSchema.fiedler3d(), 901,
            new LinearExtrapolationPredictor(false), new NetworkSimulatorConfig().latencyMs(50).lossFraction(0.05).seed(3),
            new SnapshotLinkConfig().payloadBudgetBytes(1200).snapshot(new SnapshotConfig().rangeCoded(true)), true, 5);
        session.run(120);
        final SnapshotSender sender = session.authority.sender();
        final SnapshotReceiver receiver = session.replica.receiver();
        assertTrue(sender.objectsSent() > 0 && receiver.packetsApplied() > 0, "the first connection ran");

        final long threadId = Thread.currentThread().getId();
        // Once to warm up the calls, then measured.
        session.authority.attach(session.authority.connection());
        session.replica.attach(session.replica.connection());
        session.run(30);
        final long before = THREADS.getThreadAllocatedBytes(threadId);
        session.authority.attach(session.authority.connection());
        session.replica.attach(session.replica.connection());
        final long allocated = THREADS.getThreadAllocatedBytes(threadId) - before;

        assertEquals(0, allocated, "bytes allocated by re-attaching both ends");
        assertSame(sender, session.authority.sender(), "the sender is reset, not rebuilt");
        assertSame(receiver, session.replica.receiver(), "the receiver is reset, not rebuilt");
        assertEquals(0, sender.objectsSent());
        assertEquals(0, receiver.packetsApplied());
        assertEquals(Integer.MIN_VALUE, receiver.stateTick(0), "no state held");
    }
}
