package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * {@link SnapshotConfig#unackedReferenceMaxAgeTicks}: a packet may delta against the clean packet written just before
 * it before its ack; such a packet is never itself a reference, a receiver that has the reference decodes it to the
 * sender's states, and one that lost the reference refuses it without changing anything.
 */
final class UnackedReferenceTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int OBJECTS = 40;
    private static final Predictor PREDICTOR = new LinearExtrapolationPredictor(false);

    private final QuantizedStates states = new QuantizedStates(SCHEMA, OBJECTS);
    private final SplittableRandom random = new SplittableRandom(11);
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64 * 1024]);
    /** Ticks of packets the sender has been told were acked. */
    private final Set<Integer> ackedTicks = new HashSet<>();

    private static SnapshotSender sender(final int maxAgeTicks)
    {
        return new SnapshotSender(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA), config(maxAgeTicks));
    }

    private static SnapshotReceiver receiver()
    {
        return new SnapshotReceiver(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA), config(0));
    }

    private static SnapshotConfig config(final int maxAgeTicks)
    {
        return new SnapshotConfig().rangeCoded(true).unackedReferenceMaxAgeTicks(maxAgeTicks);
    }

    /** Every object the receiver's last applied packet updated holds the sender's state of that tick. */
    static void assertUpdatedAsSent(final SnapshotReceiver receiver, final QuantizedStates sent, final int tick)
    {
        for (int u = 0; u < receiver.updatedCount(); u++)
        {
            final int object = receiver.updatedObjects()[u];
            assertTrue(receiver.states().sameObject(object, sent), "object " + object + " at tick " + tick);
        }
    }

    private void randomizeAll()
    {
        for (int i = 0; i < OBJECTS; i++)
        {
            RandomStates.randomRecord(SCHEMA, random, states.array(), states.offsetOf(i));
        }
    }

    private void moveAll()
    {
        for (int i = 0; i < OBJECTS; i++)
        {
            RandomStates.evolve(SCHEMA, random, states.array(), states.offsetOf(i));
        }
    }

    private int send(final SnapshotSender sender, final int tick)
    {
        return sender.encodeFramed(tick, states, null, 0, buffer, 0, buffer.capacity(), tick);
    }

    /** @return how many of the last packet's table entries the sender had not been told were acked. */
    private int unackedEntries(final SnapshotSender sender)
    {
        int unacked = 0;
        for (int i = 0; i < sender.lastTableSize(); i++)
        {
            unacked += ackedTicks.contains(sender.lastTableTick(i)) ? 0 : 1;
        }
        return unacked;
    }

    private void ack(final SnapshotSender sender, final int tick)
    {
        sender.onAcked(tick);
        ackedTicks.add(tick);
    }

    @Test
    void packetsAlternateBetweenCleanAndOneNamingThePreviousCleanPacketAndDecodeToTheSendersStates()
    {
        final SnapshotSender sender = sender(1);
        final SnapshotReceiver receiver = receiver();
        randomizeAll();
        int referencing = 0;
        boolean previousReferenced = true;
        for (int tick = 1; tick <= 60; tick++)
        {
            moveAll();
            final int length = send(sender, tick);
            final int unacked = unackedEntries(sender);
            // Acks come 8 ticks late, as at a 100 ms round trip: only the previous packet can be the unacked entry.
            assertTrue(unacked <= 1, "tick " + tick + " names " + unacked + " unacked packets");
            if (unacked == 1)
            {
                assertEquals(false, previousReferenced, "tick " + tick + " names a packet that itself named one");
                boolean namesPrevious = false;
                for (int i = 0; i < sender.lastTableSize(); i++)
                {
                    namesPrevious |= sender.lastTableTick(i) == tick - 1;
                }
                assertTrue(namesPrevious, "tick " + tick + ": the unacked entry is the previous packet");
                referencing++;
            }
            else if (tick > 1)
            {
                assertTrue(previousReferenced, "tick " + tick + " is clean right after a clean packet");
            }
            previousReferenced = unacked == 1;
            assertEquals(DecodeResult.OK, receiver.decodeFramed(buffer, 0, length, tick), "tick " + tick);
            for (int object = 0; object < OBJECTS; object++)
            {
                assertTrue(receiver.states().sameObject(object, states), "object " + object + " at tick " + tick);
            }
            if (tick > 8)
            {
                ack(sender, tick - 8);
            }
        }
        assertEquals(30, referencing, "every other packet names the one before it");
        assertEquals(referencing, sender.unackedReferencePackets());
    }

    /**
     * A referencing packet continues the coder model of the newest acked range-coded referencing packet, a clean one
     * that of the newest acked range-coded clean packet (else the newest acked range-coded packet of either kind):
     * their residuals differ in size, and so do the statistics their models learned.
     */
    @Test
    void eachPacketContinuesTheModelOfTheNewestAckedPacketOfItsOwnKind()
    {
        final SnapshotSender sender = sender(1);
        final SnapshotReceiver receiver = receiver();
        final int maxAge = config(1).maxModelRefAgeTicks();
        final java.util.Map<Integer, Boolean> referencingAt = new java.util.HashMap<>();
        final Set<Integer> rangeCoded = new HashSet<>();
        randomizeAll();
        int ownKindNotNewest = 0;
        for (int tick = 1; tick <= 120; tick++)
        {
            // Small steady motion, so that most packets are range-coded (and store their model).
            for (int i = 0; i < OBJECTS; i++)
            {
                RandomStates.drift(SCHEMA, random, states.array(), states.offsetOf(i), 70);
            }
            final int length = send(sender, tick);
            final boolean referencing = unackedEntries(sender) == 1;
            referencingAt.put(tick, referencing);
            int newestOfKind = -1;
            int newest = -1;
            for (final int acked : ackedTicks)
            {
                if (rangeCoded.contains(acked) && tick - acked <= maxAge)
                {
                    newest = Math.max(newest, acked);
                    if (referencingAt.get(acked) == referencing)
                    {
                        newestOfKind = Math.max(newestOfKind, acked);
                    }
                }
            }
            final int expected = newestOfKind >= 0 ? newestOfKind : newest;
            assertEquals(expected < 0 ? 0 : tick - expected, sender.lastModelRefAge(),
                "tick " + tick + " (referencing " + referencing + "): newest acked of its kind " + newestOfKind +
                    ", of any " + newest);
            ownKindNotNewest += newestOfKind >= 0 && newestOfKind != newest ? 1 : 0;
            if (SnapshotFormat.isRangeCoded(buffer.getByte(0)))
            {
                rangeCoded.add(tick);
            }
            assertEquals(DecodeResult.OK, receiver.decodeFramed(buffer, 0, length, tick), "tick " + tick);
            if (tick > 8)
            {
                ack(sender, tick - 8);
            }
        }
        assertTrue(ownKindNotNewest >= 20, "packets whose own kind's model is not the newest acked: " + ownKindNotNewest);
    }

    @Test
    void aReceiverThatLostTheCleanPacketRefusesTheNextAndChangesNothingThenDecodesTheOneAfter()
    {
        final SnapshotSender sender = sender(1);
        final SnapshotReceiver receiver = receiver();
        randomizeAll();
        int refused = 0;
        final Set<Integer> applied = new HashSet<>();
        for (int tick = 1; tick <= 40; tick++)
        {
            // Acks come 8 ticks late, and only for packets the receiver applied.
            if (applied.contains(tick - 8))
            {
                ack(sender, tick - 8);
            }
            moveAll();
            final int length = send(sender, tick);
            final boolean referencing = unackedEntries(sender) == 1;
            // The receiver loses every fifth packet; a referencing packet whose reference it lost must be refused.
            final boolean lost = tick % 5 == 0;
            final boolean referenceLost = referencing && (tick - 1) % 5 == 0;
            if (lost)
            {
                continue;
            }
            final long before = receiver.stateDigest();
            final DecodeResult result = receiver.decodeFramed(buffer, 0, length, tick);
            if (referenceLost)
            {
                assertEquals(DecodeResult.BASELINE_MISSING, result, "tick " + tick);
                assertEquals(before, receiver.stateDigest(), "the refusal at tick " + tick + " changed the receiver");
                refused++;
                continue;
            }
            assertEquals(DecodeResult.OK, result, "tick " + tick);
            // Only what the packet carried: an unchanged state lost with the refused packet waits for its resend.
            assertUpdatedAsSent(receiver, states, tick);
            applied.add(tick);
        }
        assertTrue(refused >= 2, "losses of clean packets were followed by refusals: " + refused);
        assertEquals(refused, receiver.baselineMisses());
    }

    /**
     * Hostile bytes where the object set is coded against the newest table entry's packet (a referencing packet's
     * clean one, a clean packet's newest acked one): a mutated or cut packet never throws, and a refused one changes
     * nothing, counts once (malformed, missing baseline or stale) and leaves the intact packet decodable to the sender's states.
     */
    @Test
    void mutatedPacketsCodedAgainstTheNewestEntryAreRefusedWithoutChangingTheReceiver()
    {
        int refusals = 0;
        for (int seed = 0; seed < 60; seed++)
        {
            final SplittableRandom mutations = new SplittableRandom(seed);
            final QuantizedStates moving = new QuantizedStates(SCHEMA, OBJECTS);
            for (int i = 0; i < OBJECTS; i++)
            {
                RandomStates.randomRecord(SCHEMA, mutations, moving.array(), moving.offsetOf(i));
            }
            final SnapshotSender sender = sender(1);
            final SnapshotReceiver receiver = receiver();
            final UnsafeBuffer intact = new UnsafeBuffer(new byte[64 * 1024]);
            final int lastTick = 12 + mutations.nextInt(8);
            for (int tick = 1; tick <= lastTick; tick++)
            {
                for (int i = 0; i < OBJECTS; i++)
                {
                    RandomStates.evolve(SCHEMA, mutations, moving.array(), moving.offsetOf(i));
                }
                final int length = sender.encodeFramed(tick, moving, null, 0, intact, 0, intact.capacity(), tick);
                if (tick == lastTick)
                {
                    final byte[] bytes = new byte[length];
                    intact.getBytes(0, bytes);
                    int mutatedLength = length;
                    switch (mutations.nextInt(3))
                    {
                        case 0 -> bytes[1 + mutations.nextInt(length - 1)] ^= (byte)(1 << mutations.nextInt(8));
                        case 1 -> mutatedLength = 1 + mutations.nextInt(length - 1);
                        default ->
                        {
                            for (int i = 1 + mutations.nextInt(length - 1); i < length; i++)
                            {
                                bytes[i] = (byte)mutations.nextInt();
                            }
                        }
                    }
                    final long before = receiver.stateDigest();
                    final long refusedBefore = receiver.malformedPackets() + receiver.baselineMisses() + receiver.stalePackets();
                    final DecodeResult result = receiver.decodeFramed(new UnsafeBuffer(bytes), 0, mutatedLength, tick);
                    if (result == DecodeResult.OK)
                    {
                        // A mutation can decode to other valid states: then only validity is promised.
                        for (int i = 0; i < OBJECTS; i++)
                        {
                            assertTrue(SCHEMA.isValid(receiver.states().array(), i * SCHEMA.stride()));
                        }
                        break;
                    }
                    refusals++;
                    assertEquals(before, receiver.stateDigest(), "seed " + seed + ": a refusal changed the receiver");
                    assertEquals(refusedBefore + 1, receiver.malformedPackets() + receiver.baselineMisses() + receiver.stalePackets());
                }
                assertEquals(DecodeResult.OK, receiver.decodeFramed(intact, 0, length, tick), "seed " + seed + " tick " + tick);
                for (int object = 0; object < OBJECTS; object++)
                {
                    assertTrue(receiver.states().sameObject(object, moving), "seed " + seed + " object " + object);
                }
                if (tick > 8)
                {
                    sender.onAcked(tick - 8);
                }
            }
        }
        assertTrue(refusals >= 40, "most mutations are refused: " + refusals);
    }

    @Test
    void offByDefaultEveryNamedBaselineIsAcked()
    {
        assertEquals(0, new SnapshotConfig().unackedReferenceMaxAgeTicks());
        final SnapshotSender sender = sender(0);
        randomizeAll();
        for (int tick = 1; tick <= 40; tick++)
        {
            moveAll();
            send(sender, tick);
            assertEquals(0, unackedEntries(sender), "tick " + tick);
            if (tick > 8)
            {
                ack(sender, tick - 8);
            }
        }
        assertEquals(0, sender.unackedReferencePackets());
    }

    @Test
    void thePreviousPacketServesOnlyUpToTheConfiguredAge()
    {
        for (int maxAge = 1; maxAge <= 2; maxAge++)
        {
            ackedTicks.clear();
            final SnapshotSender sender = sender(maxAge);
            randomizeAll();
            // A snapshot every other tick, as a budget's send rate might choose.
            for (int tick = 2; tick <= 40; tick += 2)
            {
                moveAll();
                send(sender, tick);
                if (tick > 8)
                {
                    ack(sender, tick - 8);
                }
            }
            if (maxAge == 1)
            {
                assertEquals(0, sender.unackedReferencePackets(), "a packet 2 ticks old is too old for 1");
            }
            else
            {
                assertEquals(10, sender.unackedReferencePackets(), "every other packet names the one 2 ticks before");
            }
        }
    }

    @Test
    void anAckedCleanPacketIsAnOrdinaryBaselineAndTheNextPacketIsClean()
    {
        final SnapshotSender sender = sender(1);
        randomizeAll();
        for (int tick = 1; tick <= 20; tick++)
        {
            moveAll();
            send(sender, tick);
            // Acked at once, as on a zero round trip: nothing is ever unacked when the next packet is written.
            ack(sender, tick);
            assertEquals(0, unackedEntries(sender), "tick " + tick);
        }
        assertEquals(0, sender.unackedReferencePackets());
    }

    @Test
    void whileEveryAckArrivesBeforeTheNextPacketALostPacketIsNeverNamedAndOneLateAckAllowsItAgain()
    {
        final SnapshotSender sender = sender(1);
        randomizeAll();
        // Ticks 1-40: every packet but every 5th is acked before the next is written (a round trip under a tick).
        // The first packet goes out before any ack was measured, so tick 2 may name it; after that an unacked
        // previous packet is a lost one, and nothing names it.
        for (int tick = 1; tick <= 40; tick++)
        {
            moveAll();
            send(sender, tick);
            if (tick > 2)
            {
                assertEquals(0, unackedEntries(sender), "tick " + tick + " names the lost packet " + (tick - 1));
            }
            if (tick % 5 != 0)
            {
                ack(sender, tick);
            }
        }
        final long referencingBefore = sender.unackedReferencePackets();
        assertTrue(referencingBefore <= 1, "only the packet before the first ack: " + referencingBefore);
        // Tick 41's ack comes after tick 42 was written: the round trip now exceeds a tick, so the next packets may
        // name the previous one before its ack again.
        moveAll();
        send(sender, 41);
        moveAll();
        send(sender, 42);
        ack(sender, 41);
        for (int tick = 43; tick <= 50; tick++)
        {
            moveAll();
            send(sender, tick);
        }
        assertTrue(sender.unackedReferencePackets() > referencingBefore, "naming the previous packet resumed");
    }

    @Test
    void aChainDepthOfTwoLetsTwoPacketsFollowEachCleanOne()
    {
        final SnapshotSender sender = new SnapshotSender(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA),
            config(1).unackedReferenceChainDepth(2));
        final SnapshotReceiver receiver = receiver();
        randomizeAll();
        final StringBuilder pattern = new StringBuilder();
        for (int tick = 1; tick <= 12; tick++)
        {
            moveAll();
            final int length = send(sender, tick);
            // No acks: each packet either is clean (names none) or names the one just before it.
            pattern.append(unackedEntries(sender) == 0 ? 'C' : 'R');
            assertEquals(DecodeResult.OK, receiver.decodeFramed(buffer, 0, length, tick), "tick " + tick);
        }
        assertEquals("CRRCRRCRRCRR", pattern.toString());
        assertEquals(8, sender.unackedReferencePackets());
        assertThrows(IllegalArgumentException.class, () -> new SnapshotConfig().unackedReferenceChainDepth(0));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotConfig().unackedReferenceChainDepth(
            SnapshotConfig.MAX_UNACKED_REFERENCE_CHAIN_DEPTH + 1));
    }

    @Test
    void anAgeBeyondTheUsableBaselinesIsRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> new SnapshotConfig().unackedReferenceMaxAgeTicks(-1));
        final SnapshotConfig tooOld = new SnapshotConfig().ringDepthTicks(16).maxReorderTicks(4)
            .unackedReferenceMaxAgeTicks(12);
        assertThrows(IllegalStateException.class, tooOld::unackedReferenceMaxAgeTicks);
        assertEquals(11, new SnapshotConfig().ringDepthTicks(16).maxReorderTicks(4).unackedReferenceMaxAgeTicks(11)
            .unackedReferenceMaxAgeTicks());
    }

    @Test
    void aLossyReorderingLinkStillDeliversEveryStateExactly()
    {
        for (final boolean framed : new boolean[]{ true, false })
        {
            final SnapshotLinkSimulation link =
                new SnapshotLinkSimulation(SCHEMA, OBJECTS, PREDICTOR, 21, 64, framed, 0, 0, 1);
            link.run(120, 0.1, 3, 0, 1);
            link.settle(300, 0.1, 3, 0, 121);
            assertTrue(link.missingReferenceRefusals > 0, "some references were lost");
            assertEquals(link.missingReferenceRefusals, link.receiver.baselineMisses());
            assertEquals(0, link.receiver.malformedPackets());
            assertTrue(link.objectsChecked > 0, "objects decoded and compared");
            assertEquals(0, link.objectsOutOfSync(), framed ? "framed" : "bitpacked");
            assertTrue(link.sender.unackedReferencePackets() > 0);
        }
    }
}
