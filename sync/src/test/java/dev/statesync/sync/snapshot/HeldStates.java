package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.state.StateSchema;

/** The loopback tests' check that a client holds only states the authority had. */
final class HeldStates
{
    private HeldStates()
    {
    }

    /**
     * Each object the client holds equals the authority's state at the tick it holds it for.
     *
     * @param history the authority's states by tick.
     * @return objects checked (those the client holds).
     */
    static int check(final StateSchema schema, final SnapshotClient client, final int tick, final int[][] history)
    {
        final SnapshotReceiver receiver = client.receiver();
        int checked = 0;
        for (int object = 0; object < receiver.states().objectCount(); object++)
        {
            final int heldTick = receiver.stateTick(object);
            if (heldTick <= 0)
            {
                continue;
            }
            assertTrue(heldTick <= tick, "held state of tick " + heldTick + " at " + tick);
            assertTrue(receiver.states().equalsRecord(object, history[heldTick], object * schema.stride()),
                "object " + object + " at tick " + heldTick);
            checked++;
        }
        return checked;
    }
}
