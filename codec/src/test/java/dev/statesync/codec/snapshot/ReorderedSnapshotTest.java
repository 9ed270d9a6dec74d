package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * A snapshot applied after a later one changes the current state only of objects the later one did not carry
 * ({@link SnapshotReceiver#updatedObjects()}), yet {@link SnapshotReceiver#decodedObjects()} and {@link SnapshotReceiver#decodedStates()} report every object it
 * carried with the sender's state at its tick, for an interpolation buffer; a refused datagram leaves them as they
 * were.
 */
final class ReorderedSnapshotTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int OBJECTS = 12;
    private static final Predictor PREDICTOR = new LinearExtrapolationPredictor(false);

    @Test
    void aSnapshotOvertakenByTheNextReportsEveryObjectItCarriedAtItsTick()
    {
        final SnapshotConfig config = new SnapshotConfig().rangeCoded(true);
        final SnapshotSender sender = new SnapshotSender(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA), config);
        final SnapshotReceiver receiver = new SnapshotReceiver(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA), config);
        final SplittableRandom random = new SplittableRandom(3);
        final QuantizedStates states = new QuantizedStates(SCHEMA, OBJECTS);
        for (int i = 0; i < OBJECTS; i++)
        {
            RandomStates.randomRecord(SCHEMA, random, states.array(), states.offsetOf(i));
        }
        final byte[][] packets = new byte[4][];
        final int[][] sent = new int[4][];
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64 * 1024]);
        for (int tick = 1; tick <= 3; tick++)
        {
            for (int i = 0; i < OBJECTS; i++)
            {
                RandomStates.evolve(SCHEMA, random, states.array(), states.offsetOf(i));
            }
            // No acks: every packet is coded without baselines, so any order decodes.
            final int length = sender.encodeFramed(tick, states, null, 0, buffer, 0, buffer.capacity(), tick);
            packets[tick] = Arrays.copyOf(buffer.byteArray(), length);
            sent[tick] = states.array().clone();
        }

        assertEquals(DecodeResult.OK, decode(receiver, packets[1], 1));
        assertEquals(DecodeResult.OK, decode(receiver, packets[3], 3));
        final boolean[] inTick3 = new boolean[OBJECTS];
        for (int k = 0; k < receiver.decodedCount(); k++)
        {
            inTick3[receiver.decodedObjects()[k]] = true;
        }
        assertEquals(DecodeResult.OK, decode(receiver, packets[2], 2), "tick 2 after tick 3");
        assertEquals(2, receiver.lastTick());
        final int stride = SCHEMA.stride();
        int overtaken = 0;
        int previous = -1;
        for (int k = 0; k < receiver.decodedCount(); k++)
        {
            final int object = receiver.decodedObjects()[k];
            assertTrue(object > previous, "index order");
            previous = object;
            assertArrayEquals(Arrays.copyOfRange(sent[2], object * stride, (object + 1) * stride),
                Arrays.copyOfRange(receiver.decodedStates(), k * stride, (k + 1) * stride), "object " + object);
            overtaken += inTick3[object] ? 1 : 0;
        }
        assertTrue(overtaken > 0, "tick 3 carried some of tick 2's objects");
        assertEquals(receiver.decodedCount() - overtaken, receiver.updatedCount(),
            "only the objects tick 3 did not carry changed their current state");
        for (int u = 0; u < receiver.updatedCount(); u++)
        {
            assertTrue(!inTick3[receiver.updatedObjects()[u]]);
        }

        final int[] objectsBefore = receiver.decodedObjects().clone();
        final int[] statesBefore = receiver.decodedStates().clone();
        final long digest = receiver.stateDigest();
        final byte[] truncated = Arrays.copyOf(packets[3], packets[3].length / 2);
        assertNotEquals(DecodeResult.OK, decode(receiver, truncated, 4));
        assertEquals(digest, receiver.stateDigest());
        assertArrayEquals(objectsBefore, receiver.decodedObjects());
        assertArrayEquals(statesBefore, receiver.decodedStates(), "a refused datagram leaves the last applied one's states");
    }

    private static DecodeResult decode(final SnapshotReceiver receiver, final byte[] packet, final int sequence)
    {
        return receiver.decodeFramed(new UnsafeBuffer(packet), 0, packet.length, sequence);
    }
}
