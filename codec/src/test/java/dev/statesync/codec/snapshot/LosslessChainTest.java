package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * {@link SnapshotConfig#unackedReferenceLosslessChainDepth}: after a clean spell of
 * {@link SnapshotConfig#unackedReferenceLosslessAfterTicks} the sender's chains of unacked references grow to the
 * lossless depth, the first loss it judges (an ack more than twice as late as the slowest recent one, plus a tick)
 * brings them back to the configured depth, and a new clean spell deepens them again. The link here delivers a packet
 * exactly when it is not dropped and the packet it names was delivered, and acks it a fixed delay later.
 */
final class LosslessChainTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int OBJECTS = 16;
    private static final Predictor PREDICTOR = new LinearExtrapolationPredictor(false);
    private static final int ACK_DELAY_TICKS = 6;
    private static final int SPELL_TICKS = 30;

    private final QuantizedStates states = new QuantizedStates(SCHEMA, OBJECTS);
    private final SplittableRandom random = new SplittableRandom(5);
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64 * 1024]);
    private final Set<Integer> ackedTicks = new HashSet<>();
    private final Set<Integer> deliveredTicks = new HashSet<>();
    /** Delivered packets whose ack the test sends by hand, late. */
    private final Set<Integer> lateAcks = new HashSet<>();
    /** Per written tick, the chain of unacked packets it depends on (0: clean). */
    private final Map<Integer, Integer> chainOf = new HashMap<>();

    private static SnapshotConfig config(final int chainDepth, final int losslessDepth)
    {
        return new SnapshotConfig().rangeCoded(true).unackedReferenceMaxAgeTicks(1).unackedReferenceChainDepth(chainDepth)
            .unackedReferenceLosslessChainDepth(losslessDepth).unackedReferenceLosslessAfterTicks(SPELL_TICKS);
    }

    private static SnapshotSender sender(final SnapshotConfig config)
    {
        return new SnapshotSender(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA), config);
    }

    /**
     * Write the packet of {@code tick}, first acking the delivered packet of {@code tick - ACK_DELAY_TICKS}.
     *
     * @return the packet's chain.
     */
    private int tick(final SnapshotSender sender, final int tick, final boolean dropped)
    {
        if (deliveredTicks.contains(tick - ACK_DELAY_TICKS) && !lateAcks.contains(tick - ACK_DELAY_TICKS))
        {
            sender.onAcked(tick - ACK_DELAY_TICKS);
            ackedTicks.add(tick - ACK_DELAY_TICKS);
        }
        for (int i = 0; i < OBJECTS; i++)
        {
            RandomStates.evolve(SCHEMA, random, states.array(), states.offsetOf(i));
        }
        sender.encodeFramed(tick, states, null, 0, buffer, 0, buffer.capacity(), tick);
        int named = -1;
        for (int i = 0; i < sender.lastTableSize(); i++)
        {
            final int entry = sender.lastTableTick(i);
            if (!ackedTicks.contains(entry))
            {
                assertEquals(-1, named, "tick " + tick + " names two unacked packets");
                named = entry;
            }
        }
        final int chain = named < 0 ? 0 : chainOf.get(named) + 1;
        chainOf.put(tick, chain);
        if (!dropped && (named < 0 || deliveredTicks.contains(named)))
        {
            deliveredTicks.add(tick);
        }
        return chain;
    }

    private void randomizeAll()
    {
        for (int i = 0; i < OBJECTS; i++)
        {
            RandomStates.randomRecord(SCHEMA, random, states.array(), states.offsetOf(i));
        }
    }

    @Test
    void aCleanSpellDeepensTheChainTheFirstJudgedLossEndsItAndANewSpellDeepensItAgain()
    {
        final SnapshotSender sender = sender(config(1, 3));
        randomizeAll();
        int deep = 0;
        int deepestBeforeSpell = 0;
        int deepestInSpell = 0;
        // Judged delivered from tick 1 once acked (tick 7 on); the spell spans 30 ticks of judged packets, so deep
        // chains may start once the packet of tick 31 is judged, at tick 37.
        for (int tick = 1; tick <= 36; tick++)
        {
            deepestBeforeSpell = Math.max(deepestBeforeSpell, tick(sender, tick, false));
        }
        for (int tick = 37; tick <= 80; tick++)
        {
            final int chain = tick(sender, tick, false);
            deepestInSpell = Math.max(deepestInSpell, chain);
            deep += chain > 1 ? 1 : 0;
        }
        assertEquals(1, deepestBeforeSpell, "the configured depth until the spell is long enough");
        assertEquals(3, deepestInSpell, "the lossless depth in the spell, never more");
        assertEquals(0, sender.packetsJudgedLost());

        // Drop the packet of tick 81. Its ack would have come at 87, when the last packet written was 86: acks are 5
        // ticks late, so 81 is judged lost once more than 2 x 5 + 1 ticks older than the last packet written, at 93,
        // and the packets that named it meanwhile were refused, so they are judged lost as they come due. Until then
        // the chain may stay deep; from 94 on the configured depth until the packets judged since span the spell
        // again, which cannot be before tick 94 + 30 - 5.
        for (int tick = 81; tick <= 93; tick++)
        {
            final int chain = tick(sender, tick, tick == 81);
            deep += chain > 1 ? 1 : 0;
        }
        assertTrue(sender.packetsJudgedLost() >= 1, "the dropped packet was judged lost");
        int deepestAfterLoss = 0;
        for (int tick = 94; tick <= 94 + SPELL_TICKS - ACK_DELAY_TICKS; tick++)
        {
            final int chain = tick(sender, tick, false);
            deepestAfterLoss = Math.max(deepestAfterLoss, chain);
            deep += chain > 1 ? 1 : 0;
        }
        assertEquals(1, deepestAfterLoss, "a judged loss ends the spell at once");

        int deepestInNewSpell = 0;
        for (int tick = 95 + SPELL_TICKS - ACK_DELAY_TICKS; tick <= 200; tick++)
        {
            final int chain = tick(sender, tick, false);
            deepestInNewSpell = Math.max(deepestInNewSpell, chain);
            deep += chain > 1 ? 1 : 0;
        }
        assertEquals(3, deepestInNewSpell, "a new clean spell deepens the chain again");
        assertEquals(deep, sender.deepChainPackets(), "every packet deeper than the configured depth is counted");
    }

    @Test
    void anAckLaterThanTwiceTheSlowestRecentOneCountsAsALossAndTheLateAckDoesNotUndoIt()
    {
        final SnapshotSender sender = sender(config(1, 3));
        randomizeAll();
        for (int tick = 1; tick <= 60; tick++)
        {
            tick(sender, tick, false);
        }
        assertEquals(0, sender.packetsJudgedLost());
        // The packet of tick 61 arrives (so the packets naming it decode), but its ack comes only at tick 80: it is
        // judged lost once more than 2 x 5 + 1 ticks older than the last packet written, at tick 73.
        lateAcks.add(61);
        for (int tick = 61; tick <= 72; tick++)
        {
            tick(sender, tick, false);
        }
        assertEquals(0, sender.packetsJudgedLost(), "not yet overdue");
        tick(sender, 73, false);
        assertEquals(1, sender.packetsJudgedLost(), "overdue at 73");
        int deepest = 0;
        for (int tick = 74; tick <= 79; tick++)
        {
            deepest = Math.max(deepest, tick(sender, tick, false));
        }
        sender.onAcked(61);
        ackedTicks.add(61);
        for (int tick = 80; tick <= 90; tick++)
        {
            deepest = Math.max(deepest, tick(sender, tick, false));
        }
        assertEquals(1, sender.packetsJudgedLost(), "the late ack neither undoes the loss nor adds one");
        assertEquals(1, deepest, "back to the configured depth after the judged loss");
    }

    @Test
    void aLosslessDepthBelowTheConfiguredOneChangesNothingAndTheDefaultIsNoChange()
    {
        final SnapshotSender sender = sender(config(2, 1));
        randomizeAll();
        int deepest = 0;
        for (int tick = 1; tick <= 120; tick++)
        {
            deepest = Math.max(deepest, tick(sender, tick, false));
        }
        assertEquals(2, deepest);
        assertEquals(0, sender.deepChainPackets());
        assertEquals(SnapshotConfig.DEFAULT_UNACKED_REFERENCE_CHAIN_DEPTH,
            new SnapshotConfig().unackedReferenceLosslessChainDepth(), "off by default");
    }

    @Test
    void configRefusesDepthsAndSpellsOutOfRange()
    {
        final SnapshotConfig config = new SnapshotConfig();
        assertThrows(IllegalArgumentException.class, () -> config.unackedReferenceLosslessChainDepth(0));
        assertThrows(IllegalArgumentException.class, () -> config.unackedReferenceLosslessChainDepth(
            SnapshotConfig.MAX_UNACKED_REFERENCE_CHAIN_DEPTH + 1));
        assertThrows(IllegalArgumentException.class, () -> config.unackedReferenceLosslessAfterTicks(0));
        assertEquals(SnapshotConfig.DEFAULT_UNACKED_REFERENCE_LOSSLESS_AFTER_TICKS,
            config.unackedReferenceLosslessAfterTicks());
    }
}
