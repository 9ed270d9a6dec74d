package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

/**
 * A sender and a receiver joined by a lossy, reordering link for packets and for acks, with the invariant
 * checked on every delivery: each object the receiver updates equals the sender's quantized state at that
 * packet's tick. Acks are only returned for packets that decoded, as a reliability layer must. After a
 * {@link #settle} phase (nothing moves) the receiver must hold every object's final state exactly.
 */
public final class SnapshotLinkSimulation
{
    record Flight(int deliverTick, int sequence, int tick, byte[] bytes)
    {
    }

    final StateSchema schema;
    final int objectCount;
    final SnapshotSender sender;
    final SnapshotReceiver receiver;
    final QuantizedStates states;
    final SplittableRandom random;
    final Map<Integer, int[]> sentStatesByTick = new HashMap<>();
    final List<Flight> packets = new ArrayList<>();
    final List<int[]> acks = new ArrayList<>();
    long bitsSent;
    /** Every packet encoded, lost or not, in order: what golden tests compare across versions. */
    final CRC32 packetDigest = new CRC32();
    long objectsChecked;

    final boolean framed;
    /** Each tick's budget is drawn from {@code budgetBytes - budgetSpreadBytes .. budgetBytes}; 0: fixed. */
    int budgetSpreadBytes;
    /** Objects in the snapshots sent, and snapshots, for objects per packet. */
    long objectsSent;
    long snapshotsSent;
    /** Keeps every other object on the ground, or null. */
    private final GroundContact ground;
    private final StateRecord groundView;
    /** Whether a packet may be refused for a lost unacked reference (see the last constructor). */
    private final boolean missingReferenceAllowed;
    /** Packets refused for a lost unacked reference, each checked to have changed nothing. */
    long missingReferenceRefusals;
    /**
     * Objects of applied packets whose {@link PreviousAlternative} both ends still held and compared (equal, or the
     * delivery throws), and how many of those were known (coded against a baseline).
     */
    long alternativesCompared;
    long knownAlternativesCompared;

    SnapshotLinkSimulation(
        final StateSchema schema, final int objectCount, final Predictor predictor, final long seed, final int ringDepth)
    {
        this(schema, objectCount, predictor, seed, ringDepth, false);
    }

    SnapshotLinkSimulation(
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final long seed,
        final int ringDepth,
        final boolean framed)
    {
        this(schema, objectCount, predictor, seed, ringDepth, framed, 0);
    }

    /** @param rollingRadiusM both ends' codecs' rolling radius ({@link PhysicalCouplings#rollingRadiusM(double)}). */
    SnapshotLinkSimulation(
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final long seed,
        final int ringDepth,
        final boolean framed,
        final double rollingRadiusM)
    {
        this(schema, objectCount, predictor, seed, ringDepth, framed, rollingRadiusM, 0, 0);
    }

    /**
     * @param rollingRadiusM as above.
     * @param cubeHalfSizeM  both ends' codecs' ground contact on the plane z = 0
     *                       ({@link PhysicalCouplings#groundContact}), 0 for off; when
     *                       on, every other object is kept touching the ground (its z set from its rotation, sunk by
     *                       up to 8 units) as it moves, so the ground path is taken.
     * @param unackedRefTicks the sender's {@link SnapshotConfig#unackedReferenceMaxAgeTicks}; above 0 a packet whose
     *                        unacked reference was lost may be refused as {@link DecodeResult#BASELINE_MISSING}, which
     *                        is then checked to change nothing and is not acked.
     */
    SnapshotLinkSimulation(
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final long seed,
        final int ringDepth,
        final boolean framed,
        final double rollingRadiusM,
        final double cubeHalfSizeM,
        final int unackedRefTicks)
    {
        this.missingReferenceAllowed = unackedRefTicks > 0;
        this.ground = cubeHalfSizeM == 0 ? null : new GroundContact(schema, 0, cubeHalfSizeM);
        this.groundView = new StateRecord(schema);
        this.framed = framed;
        this.schema = schema;
        this.objectCount = objectCount;
        this.random = new SplittableRandom(seed);
        final SnapshotConfig config = new SnapshotConfig().ringDepthTicks(ringDepth).rangeCoded(framed)
            .unackedReferenceMaxAgeTicks(unackedRefTicks);
        final PhysicalCouplings couplings =
            new PhysicalCouplings().rollingRadiusM(rollingRadiusM).groundContact(0, cubeHalfSizeM);
        sender = new SnapshotSender(schema, objectCount, predictor, new ObjectCodec(schema, couplings), config);
        receiver = new SnapshotReceiver(schema, objectCount, predictor, new ObjectCodec(schema, couplings), config);
        states = new QuantizedStates(schema, objectCount);
        for (int i = 0; i < objectCount; i++)
        {
            RandomStates.randomRecord(schema, random, states.array(), states.offsetOf(i));
        }
    }

    void run(final int ticks, final double loss, final int maxDelayTicks, final int budgetBytes, final int firstTick)
    {
        run(ticks, loss, maxDelayTicks, budgetBytes, firstTick, true);
    }

    /** Like {@link #run} with no object changing: the sender's resend policy must deliver every final state. */
    void settle(final int ticks, final double loss, final int maxDelayTicks, final int budgetBytes, final int firstTick)
    {
        run(ticks, loss, maxDelayTicks, budgetBytes, firstTick, false);
    }

    /** @return objects whose state at the receiver differs from the sender's current one. */
    /**
     * 80 moving ticks and 300 settling ones at {@code lossPercent} loss and up to 3 ticks of delay, unbudgeted, then
     * assert the replica never missed a baseline or refused a packet, checked objects on the way, and ends holding
     * every final state.
     */
    void assertDeliversEveryStateThroughLoss(final int lossPercent)
    {
        run(80, lossPercent / 100.0, 3, 0, 1);
        settle(300, lossPercent / 100.0, 3, 0, 81);
        assertEquals(0, receiver.baselineMisses());
        assertEquals(0, receiver.malformedPackets());
        assertTrue(objectsChecked > 0, "objects decoded and compared");
        assertEquals(0, objectsOutOfSync());
    }

    int objectsOutOfSync()
    {
        int differing = 0;
        for (int i = 0; i < objectCount; i++)
        {
            if (!receiver.states().sameObject(i, states))
            {
                differing++;
            }
        }
        return differing;
    }

    private void run(
        final int ticks,
        final double loss,
        final int maxDelayTicks,
        final int budgetBytes,
        final int firstTick,
        final boolean moving)
    {
        final byte[] storage = new byte[64 * 1024];
        final BitWriter writer = new BitWriter();
        final int[] order = new int[objectCount];
        for (int t = 0; t < ticks; t++)
        {
            final int tick = firstTick + t;
            final int sequence = (firstTick + t) & 0xFFFF;
            for (int i = 0; moving && i < objectCount; i++)
            {
                RandomStates.evolve(schema, random, states.array(), states.offsetOf(i));
                if (ground != null && (i & 1) == 0)
                {
                    final StateRecord object = groundView.wrap(states.array(), states.offsetOf(i));
                    object.position(2, (int)Math.max(schema.fieldMin(2), ground.groundUnits(object) - random.nextInt(9)));
                }
            }
            // A rotating priority order stands in for the accumulator.
            for (int i = 0; i < objectCount; i++)
            {
                order[i] = (i + t) % objectCount;
            }
            final int budget = budgetBytes > 0 && budgetSpreadBytes > 0 ?
                budgetBytes - random.nextInt(budgetSpreadBytes + 1) : budgetBytes;
            final int bytes;
            if (framed)
            {
                bytes = sender.encodeFramed(tick, states, order, objectCount, new UnsafeBuffer(storage), 0,
                    budget <= 0 ? storage.length : budget, sequence);
                bitsSent += 8L * bytes;
            }
            else
            {
                writer.wrap(new UnsafeBuffer(storage), 0, storage.length);
                final int budgetBits = budget <= 0 ? Integer.MAX_VALUE : budget * 8;
                sender.encode(tick, states, order, objectCount, budgetBits, writer, sequence);
                bytes = writer.bytesWritten();
                bitsSent += writer.bitsWritten();
            }
            objectsSent += sender.includedCount();
            snapshotsSent++;
            if (budget > 0 && bytes > budget)
            {
                throw new AssertionError("snapshot of " + bytes + " bytes exceeds budget " + budget);
            }
            packetDigest.update(storage, 0, bytes);
            sentStatesByTick.put(tick, states.array().clone());
            sentStatesByTick.remove(tick - 200);
            if (random.nextDouble() >= loss)
            {
                final byte[] packet = java.util.Arrays.copyOf(storage, bytes);
                packets.add(new Flight(tick + random.nextInt(maxDelayTicks + 1), sequence, tick, packet));
            }
            deliver(tick);
        }
    }

    /**
     * The applied packet of {@code tick} left each object it carried with the {@link PreviousAlternative} the sender
     * recorded for it: a later packet picks the alternative's context from it on both ends.
     */
    private void comparePreviousAlternatives(final int tick)
    {
        final StateRing sent = sender.sentRing();
        final StateRing received = receiver.receivedRing();
        for (int object = 0; object < objectCount; object++)
        {
            final int receivedOffset = received.find(object, tick);
            final int sentOffset = sent.find(object, tick);
            if (receivedOffset >= 0 && sentOffset >= 0)
            {
                final int alternative = received.alternative(receivedOffset);
                assertEquals(sent.alternative(sentOffset), alternative, "object " + object + " at tick " + tick);
                alternativesCompared++;
                knownAlternativesCompared += alternative != PreviousAlternative.UNKNOWN ? 1 : 0;
            }
        }
    }

    private void deliver(final int now)
    {
        final BitReader reader = new BitReader();
        for (int i = 0; i < packets.size(); i++)
        {
            final Flight flight = packets.get(i);
            if (flight.deliverTick() > now)
            {
                continue;
            }
            packets.remove(i--);
            final long digestBefore = missingReferenceAllowed ? receiver.stateDigest() : 0;
            final DecodeResult result;
            if (framed)
            {
                result = receiver.decodeFramed(new UnsafeBuffer(flight.bytes()), 0, flight.bytes().length, flight.sequence());
            }
            else
            {
                reader.wrap(new UnsafeBuffer(flight.bytes()), 0, flight.bytes().length);
                result = receiver.decode(reader, flight.sequence());
            }
            if (result == DecodeResult.STALE)
            {
                continue;
            }
            if (result == DecodeResult.BASELINE_MISSING && missingReferenceAllowed)
            {
                assertEquals(digestBefore, receiver.stateDigest(), "a refusal changed the receiver");
                missingReferenceRefusals++;
                continue;
            }
            assertEquals(DecodeResult.OK, result, "packet of tick " + flight.tick());
            comparePreviousAlternatives(flight.tick());
            final int[] expected = sentStatesByTick.get(flight.tick());
            for (int u = 0; u < receiver.updatedCount(); u++)
            {
                final int object = receiver.updatedObjects()[u];
                if (!receiver.states().equalsRecord(object, expected, object * schema.stride()))
                {
                    throw new AssertionError("object " + object + " differs at tick " + flight.tick());
                }
                objectsChecked++;
            }
            if (random.nextDouble() >= 0.2)
            {
                acks.add(new int[]{now + random.nextInt(6), flight.sequence()});
            }
        }
        for (int i = 0; i < acks.size(); i++)
        {
            if (acks.get(i)[0] <= now)
            {
                sender.onAcked(acks.remove(i--)[1]);
            }
        }
    }
}
