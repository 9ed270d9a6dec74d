/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.snapshot;

import dev.statesync.codec.snapshot.SnapshotReceiver;

/**
 * Told of each snapshot a {@link SnapshotReplica} applies, right after it is applied: what changed is the
 * receiver's {@link SnapshotReceiver#updatedObjects()}, {@link SnapshotReceiver#lastTick()} and previous-tick states,
 * which the next applied snapshot replaces, and one receive or poll can apply several. An interpolation buffer (such
 * as {@link SnapshotDisplay}) should take every object the snapshot carried, {@link SnapshotReceiver#decodedObjects()}
 * with {@link SnapshotReceiver#decodedStates()} at {@code lastTick()}, not only the updated ones: a snapshot overtaken
 * by the next one on the way (jitter beyond the send interval) updates no current state, and its tick would be a hole.
 */
@FunctionalInterface
public interface AppliedSnapshotListener
{
    /**
     * @param receiver the replica's receiver, holding the snapshot just applied; read it during the call.
     */
    void onSnapshotApplied(SnapshotReceiver receiver);
}
