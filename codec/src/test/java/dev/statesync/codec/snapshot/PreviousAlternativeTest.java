package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.entropy.RangeBitWriter;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The predictor alternative coded in the context of the one the newest baseline's packet used
 * ({@link PreviousAlternative}): it round-trips, both ends record the same one for every state, and it is what the
 * receiver reads from the packet, never anything else.
 */
class PreviousAlternativeTest
{
    /** Any alternative, position class and previous alternative decodes to what was written, and both models agree. */
    @Property(tries = 500)
    void alternativesRoundTripInEveryContext(@ForAll final long seed, @ForAll @IntRange(min = 1, max = 5) final int alternatives)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int count = 1 + random.nextInt(300);
        final int[] written = new int[count];
        final int[] contexts = new int[count];
        final byte[] storage = new byte[4096];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        for (int i = 0; i < count; i++)
        {
            contexts[i] = MotionContext.withPreviousAlternative(
                MotionContext.pack(random.nextInt(MotionContext.CLASSES), random.nextInt(MotionContext.CLASSES)),
                random.nextInt(PreviousAlternative.VALUES));
            written[i] = random.nextInt(alternatives);
            assertEquals(written[i], BaselineRefs.serializeAlternative(writer, written[i], alternatives, contexts[i]));
        }
        final int length = writer.finish();
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(Arrays.copyOf(storage, length)), 0, length);
        for (int i = 0; i < count; i++)
        {
            assertEquals(written[i], BaselineRefs.serializeAlternative(reader, 0, alternatives, contexts[i]), "alternative " + i);
        }
        assertFalse(reader.isFailed());
        assertTrue(writer.model().sameAs(reader.model()));
    }

    /** Hostile bytes read as alternatives either fail the stream or name an alternative the predictor has. */
    @Property(tries = 500)
    void hostileBytesNeverNameAnAlternativeOutsideTheRange(
        @ForAll final long seed, @ForAll @IntRange(min = 2, max = 5) final int alternatives)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final byte[] bytes = new byte[64];
        random.nextBytes(bytes);
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
        for (int i = 0; i < 100 && !reader.isFailed(); i++)
        {
            final int context = MotionContext.withPreviousAlternative(
                MotionContext.pack(random.nextInt(MotionContext.CLASSES), 0), random.nextInt(PreviousAlternative.VALUES));
            final int alternative = BaselineRefs.serializeAlternative(reader, 0, alternatives, context);
            assertTrue(alternative >= 0 && alternative < alternatives, "alternative " + alternative);
        }
    }

    /**
     * Objects that keep their alternative cost fewer bits once the previous one is a context: the same sequence of
     * alternatives, each object alternating between "held" and "extrapolated" runs, coded with the previous
     * alternative known and with it unknown. (Could fail if the previous alternative did not reach the context.)
     */
    @Example
    void aKeptAlternativeIsCheaperInThePreviousOnesContext()
    {
        final SplittableRandom random = new SplittableRandom(7);
        final int count = 2000;
        final int[] alternatives = new int[count];
        int current = 0;
        for (int i = 0; i < count; i++)
        {
            current = random.nextInt(10) == 0 ? random.nextInt(3) : current;
            alternatives[i] = current;
        }
        assertTrue(bytesFor(alternatives, true) < 0.7 * bytesFor(alternatives, false));
    }

    private static int bytesFor(final int[] alternatives, final boolean previousKnown)
    {
        final byte[] storage = new byte[8192];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        int previous = PreviousAlternative.UNKNOWN;
        for (final int alternative : alternatives)
        {
            final int context = MotionContext.withPreviousAlternative(MotionContext.pack(3, 3),
                previousKnown ? previous : PreviousAlternative.UNKNOWN);
            BaselineRefs.serializeAlternative(writer, alternative, 3, context);
            previous = PreviousAlternative.of(true, alternative);
        }
        return writer.finish();
    }

    /** A ring slot records an alternative only for the tick it holds; a new state clears it, a refused one does not. */
    @Example
    void theRingRecordsAnAlternativeWithTheStateOfItsTick()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final StateRing ring = new StateRing(schema, 2, 4);
        final int[] state = new int[schema.stride()];
        assertTrue(ring.store(1, 9, state, 0));
        ring.storeAlternative(1, 8, PreviousAlternative.of(true, 2));
        assertEquals(PreviousAlternative.UNKNOWN, ring.alternative(ring.find(1, 9)), "another tick's alternative");
        ring.storeAlternative(1, 9, PreviousAlternative.of(true, 2));
        assertEquals(3, ring.alternative(ring.find(1, 9)));
        assertEquals(-1, ring.find(0, 9));
        assertFalse(ring.store(1, 5, state, 0), "an older tick in the same slot is refused");
        ring.storeAlternative(1, 5, PreviousAlternative.of(true, 0));
        assertEquals(3, ring.alternative(ring.find(1, 9)), "a refused store records nothing");
        assertTrue(ring.store(1, 13, state, 0));
        assertEquals(PreviousAlternative.UNKNOWN, ring.alternative(ring.find(1, 13)), "a new state starts unknown");
        assertEquals(PreviousAlternative.UNKNOWN, PreviousAlternative.of(false, 1));
        assertEquals(PreviousAlternative.VALUES - 1, PreviousAlternative.of(true, 40));
    }

    /**
     * Over a lossy, reordering link with the cube run's three alternatives, every state both ends hold carries the
     * same previous alternative on both (the simulation compares each one as the packet is applied), so both derive
     * the same alternative context from it; and every object still decodes to what was sent.
     */
    @Property(tries = 40)
    void senderAndReceiverRecordTheSameAlternativeForEveryState(
        @ForAll @IntRange(max = 2) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 80) final int objectCount,
        @ForAll @IntRange(max = 30) final int lossPercent,
        @ForAll @IntRange(max = 3) final int maxDelayTicks,
        @ForAll final boolean rangeCoded,
        @ForAll @IntRange(max = 2) final int unackedRefTicks,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SnapshotLinkSimulation link = new SnapshotLinkSimulation(schema, objectCount,
            FreeFlightRankingRoundTripTest.holdLinearFreeFlight(schema), seed, 16, rangeCoded, 0, 0, unackedRefTicks);
        link.run(60, lossPercent / 100.0, maxDelayTicks, 0, 1);

        assertEquals(0, link.receiver.malformedPackets());
        assertTrue(link.objectsChecked > 0, "objects decoded and compared");
        assertTrue(link.knownAlternativesCompared > 0, "alternatives of objects coded with a baseline compared");
    }
}
