package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * The anchored tick ({@link PacketTick}) on its own: the sender's {@link TickAnchor} and the receiver's
 * {@link AppliedSequences} around the header's one serialize routine, on a link that loses, delays and reorders
 * packets and acks, with sequences that wrap at 65535 and ticks that overflow {@code int}. Every packet the receiver
 * is given decodes to exactly the tick it was sent with, late ones included, and the sender anchors exactly when its
 * newest acked packet is within what the header codes, else sends the tick whole.
 */
class AnchoredTickProperties
{
    /** The receiver's hook of {@link ReceivedBaselines#anchor}, without the baselines. */
    private static class Lookup implements PacketBaselines
    {
        final AppliedSequences applied = new AppliedSequences();

        @Override
        public boolean anchor(final PacketPlan plan)
        {
            if (!applied.find(plan.sequence, plan.anchorDistance))
            {
                return false;
            }
            plan.anchorTick = applied.foundTick();
            return true;
        }

        @Override
        public DecodeResult acceptTick(final int tick)
        {
            return DecodeResult.OK;
        }

        @Override
        public DecodeResult resolve(final PacketPlan plan, final int entry, final PacketLayout layout)
        {
            return DecodeResult.OK;
        }

        @Override
        public void predict(final PacketPlan plan, final int entry)
        {
        }
    }

    private record Sent(long count, int sequence, int tick, byte[] bytes, int bits)
    {
    }

    @Provide
    Arbitrary<Integer> firstSequences()
    {
        return Arbitraries.oneOf(Arbitraries.integers().between(65_300, 65_535), Arbitraries.integers().between(0, 65_535));
    }

    @Provide
    Arbitrary<Integer> firstTicks()
    {
        return Arbitraries.oneOf(Arbitraries.integers().between(Integer.MAX_VALUE - 400, Integer.MAX_VALUE),
            Arbitraries.integers().between(-400, 400), Arbitraries.integers());
    }

    @Property(tries = 300)
    void everyPacketDecodesToItsTickAndTheSenderAnchorsExactlyWhenItMay(
        @ForAll("firstSequences") final int firstSequence,
        @ForAll("firstTicks") final int firstTick,
        @ForAll @IntRange(max = 30) final int lossPercent,
        @ForAll @IntRange(max = 3) final int maxDelayPackets,
        @ForAll @IntRange(min = 1, max = 12) final int maxAckDelayPackets,
        @ForAll final boolean jumpySequences,
        @ForAll final boolean slowTicks,
        @ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final TickAnchor sender = new TickAnchor(true);
        final Lookup receiver = new Lookup();
        final PacketPlan plan = new PacketPlan(1);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[16]);
        final BitWriter writer = new BitWriter();
        final BitReader reader = new BitReader();
        final List<Sent> sent = new ArrayList<>();
        // Deliveries and acks by the packet index they are due at.
        final Map<Integer, List<Integer>> deliveries = new HashMap<>();
        final Map<Integer, List<Integer>> acks = new HashMap<>();
        int newestAcked = -1;
        long count = 0;
        int sequence = firstSequence;
        int tick = firstTick;
        int anchoredPackets = 0;
        int latePackets = 0;
        // A stretch with no acks at all makes the newest acked packet too far back: whole ticks.
        final int stallFrom = 60 + random.nextInt(40);
        final int stallTo = stallFrom + 60 + random.nextInt(80);
        for (int i = 0; i < 320; i++)
        {
            for (final int acked : acks.getOrDefault(i, List.of()))
            {
                sender.acked(sent.get(acked).sequence());
                if (newestAcked < 0 || sent.get(acked).tick() - sent.get(newestAcked).tick() > 0)
                {
                    newestAcked = acked;
                }
            }
            if (i > 0)
            {
                final int step = jumpySequences && random.nextInt(8) == 0 ? 2 + random.nextInt(40) : 1;
                count += step;
                sequence = (sequence + step) & 0xFFFF;
                tick += slowTicks ? 1 + random.nextInt(3) : 1;
            }
            sender.checkNext(sequence, tick);
            plan.tick = tick;
            plan.sequence = sequence;
            sender.plan(plan);
            if (newestAcked >= 0 && PacketTick.fits((int)Math.min(count - sent.get(newestAcked).count(), 1 << 20),
                tick - sent.get(newestAcked).tick()))
            {
                assertEquals(count - sent.get(newestAcked).count(), plan.anchorDistance, "anchored to the newest acked");
                assertEquals(sent.get(newestAcked).tick(), plan.anchorTick);
                anchoredPackets++;
            }
            else
            {
                assertEquals(0, plan.anchorDistance, "the tick goes whole when the newest acked packet is out of reach");
            }
            writer.wrap(buffer, 0, buffer.capacity());
            assertEquals(DecodeResult.OK, PacketTick.serialize(writer, plan, PacketBaselines.PLANNED));
            assertEquals(PacketTick.bits(plan), writer.bitsWritten());
            writer.flush();
            sender.written(sequence, tick);
            sent.add(new Sent(count, sequence, tick, buffer.byteArray().clone(), writer.bitsWritten()));
            if (random.nextInt(100) >= lossPercent)
            {
                deliveries.computeIfAbsent(i + random.nextInt(maxDelayPackets + 1), k -> new ArrayList<>()).add(i);
            }
            for (final int delivered : deliveries.getOrDefault(i, List.of()))
            {
                final Sent packet = sent.get(delivered);
                final PacketPlan read = new PacketPlan(1);
                read.sequence = packet.sequence();
                reader.wrap(new UnsafeBuffer(packet.bytes()), 0, packet.bytes().length);
                assertEquals(DecodeResult.OK, PacketTick.serialize(reader, read, receiver),
                    "packet " + delivered + " (anchored " + (read.anchorDistance > 0) + ")");
                assertEquals(packet.tick(), read.tick, "packet " + delivered);
                latePackets += delivered < i ? 1 : 0;
                receiver.applied.applied(packet.sequence(), packet.tick());
                if (i < stallFrom || i > stallTo)
                {
                    acks.computeIfAbsent(i + 1 + random.nextInt(maxAckDelayPackets), k -> new ArrayList<>()).add(delivered);
                }
            }
        }
        assertTrue(anchoredPackets > 0, "some packets are anchored");
        Statistics.label("late packets decoded").collect(latePackets > 0);
        Statistics.label("late packets decoded").coverage(coverage -> coverage.check(true).percentage(p -> p >= 30));
    }

    /**
     * A receiver that does not hold the anchor refuses the packet and changes nothing; the anchor named is the exact
     * packet, never an earlier or later one in its place.
     */
    @Property(tries = 200)
    void aMissingAnchorIsRefusedNotReplaced(
        @ForAll("firstSequences") final int firstSequence,
        @ForAll("firstTicks") final int firstTick,
        @ForAll @IntRange(min = 1, max = 40) final int distance,
        @ForAll @IntRange(min = 1, max = 60) final int held)
    {
        final Lookup receiver = new Lookup();
        // Applied: every packet of the `held` before the anchor and every one between it and the packet, not the anchor.
        final int anchorSequence = (firstSequence + held) & 0xFFFF;
        for (int k = 0; k <= held + distance - 1; k++)
        {
            if (k != held)
            {
                receiver.applied.applied((firstSequence + k) & 0xFFFF, firstTick + k);
            }
        }
        final long digest = receiver.applied.digest(17);
        final PacketPlan plan = new PacketPlan(1);
        plan.sequence = (anchorSequence + distance) & 0xFFFF;
        plan.anchorDistance = distance;
        assertFalse(receiver.anchor(plan));
        assertEquals(digest, receiver.applied.digest(17));
        receiver.applied.applied(anchorSequence, firstTick + held);
        assertTrue(receiver.anchor(plan));
        assertEquals(firstTick + held, plan.anchorTick);
    }

    /**
     * Hostile bytes in place of an anchored packet, in its sequence or a nearby one (a forged header): decoding never
     * throws; a refusal is counted and changes nothing; and a packet that passes has exactly the tick its bytes give
     * against a packet the receiver really applied (this test's own record of them, not the receiver's), never one
     * read against anything else.
     */
    @Property(tries = 300)
    void hostileBytesNeverPassWithATickNotAnchoredOnAnAppliedPacket(
        @ForAll final boolean rangeCoded,
        @ForAll @IntRange(min = 1, max = 6) final int flips,
        @ForAll @IntRange(min = -3, max = 3) final int sequenceShift,
        @ForAll final boolean headerOnly,
        @ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final StateSchema schema = StateSchema.snapshot3d();
        final int objects = 6;
        final SnapshotConfig config = new SnapshotConfig().rangeCoded(rangeCoded);
        final Predictor predictor = new LinearExtrapolationPredictor(false);
        final SnapshotSender sender = new SnapshotSender(schema, objects, predictor, new ObjectCodec(schema), config);
        final SnapshotReceiver receiver = new SnapshotReceiver(schema, objects, predictor, new ObjectCodec(schema), config);
        final QuantizedStates states = new QuantizedStates(schema, objects);
        final int[] record = new int[schema.stride()];
        final Map<Integer, Integer> appliedTicks = new HashMap<>();
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[2048]);
        final BitWriter writer = new BitWriter();
        final int firstSequence = 65_525;
        byte[] packet = null;
        int sequence = 0;
        for (int tick = 1; tick <= 16; tick++)
        {
            for (int i = 0; i < objects; i++)
            {
                states.copyTo(i, record, 0);
                RandomStates.evolve(schema, random, record, 0);
                states.copyFrom(i, record, 0);
            }
            if (tick > 3 && appliedTicks.containsKey((firstSequence + tick - 4) & 0xFFFF))
            {
                sender.onAcked((firstSequence + tick - 4) & 0xFFFF);
            }
            sequence = (firstSequence + tick) & 0xFFFF;
            final int length;
            if (rangeCoded)
            {
                length = sender.encodeFramed(tick, states, null, 0, buffer, 0, buffer.capacity(), sequence);
            }
            else
            {
                writer.wrap(buffer, 0, buffer.capacity());
                sender.encode(tick, states, null, 0, Integer.MAX_VALUE, writer, sequence);
                length = writer.bytesWritten();
            }
            packet = Arrays.copyOf(buffer.byteArray(), length);
            if (tick < 16 && random.nextInt(5) != 0)
            {
                assertEquals(DecodeResult.OK, decodeAny(receiver, packet, sequence, rangeCoded));
                appliedTicks.put(sequence, tick);
            }
        }
        assertTrue(sender.lastAnchorDistance() > 0 || appliedTicks.size() < 3, "the last packet is anchored");
        final int headerBytes = rangeCoded ? 4 : 3;
        for (int k = 0; k < flips; k++)
        {
            final int at = headerOnly ? random.nextInt(Math.min(headerBytes, packet.length)) : random.nextInt(packet.length);
            packet[at] ^= (byte)(1 << random.nextInt(8));
        }
        final int delivered = (sequence + sequenceShift) & 0xFFFF;
        final long digest = receiver.stateDigest();
        final long refusals = receiver.malformedPackets() + receiver.baselineMisses() + receiver.stalePackets();
        final DecodeResult result = decodeAny(receiver, packet, delivered, rangeCoded);
        Statistics.label("hostile result").collect(result);
        if (result != DecodeResult.OK)
        {
            assertEquals(digest, receiver.stateDigest(), "refused as " + result);
            assertEquals(refusals + 1, receiver.malformedPackets() + receiver.baselineMisses() + receiver.stalePackets());
            return;
        }
        // Passed: its tick must be what its header says against a packet this test saw applied.
        final PacketPlan read = new PacketPlan(1);
        read.sequence = delivered;
        final UnsafeBuffer bytes = new UnsafeBuffer(packet);
        final dev.statesync.codec.bits.BitStream header = rangeCoded && SnapshotFormat.isRangeCoded(packet[0]) ?
            new dev.statesync.codec.entropy.RangeBitReader().wrapWithoutModel(bytes, 0, packet.length).startAboveZeroByte() :
            new BitReader(bytes, rangeCoded ? 1 : 0, packet.length - (rangeCoded ? 1 : 0));
        final PacketBaselines seen = new Lookup()
        {
            @Override
            public boolean anchor(final PacketPlan plan)
            {
                final Integer tick = appliedTicks.get((plan.sequence - plan.anchorDistance) & 0xFFFF);
                if (tick == null)
                {
                    return false;
                }
                plan.anchorTick = tick;
                return true;
            }
        };
        assertEquals(DecodeResult.OK, PacketTick.serialize(header, read, seen), "the passed packet's anchor was applied");
        assertEquals(read.tick, receiver.lastTick());
    }

    private static DecodeResult decodeAny(
        final SnapshotReceiver receiver, final byte[] packet, final int sequence, final boolean rangeCoded)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(packet);
        return rangeCoded ? receiver.decodeFramed(buffer, 0, packet.length, sequence) :
            receiver.decode(new BitReader(buffer, 0, packet.length), sequence);
    }
}
