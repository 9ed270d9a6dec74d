package dev.statesync.sync.reliable;

import static dev.statesync.sync.reliable.ReliableCounters.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.snapshot.ByteMutation;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;

/**
 * A datagram the endpoint refuses (a rejection, or a packet its processor refuses after reassembly) changes
 * nothing: {@link ReliableEndpoint#stateDigest()} is the same after it, and the honest packets that follow are
 * all delivered. Hostile datagrams are real fragments and packets of the session, mutated, completed with a
 * corrupt last fragment, forged one-fragment and regular packets at sequences far ahead or behind, replays and
 * duplicates. Integrity is off, so a forged fragment may be stored or a forged packet delivered: such a session
 * is only checked for refusals, not for delivery (a statistics check makes sure most sessions are).
 */
class ReliableRefusalPropertiesTest
{
    private static final long NOW_NS = 1_000_000L;

    enum Source
    {
        /** A fragment or packet of the session with its bytes mutated. */
        MUTATED,
        /** The missing last fragment of the partly delivered packet, its payload corrupted: refused after reassembly. */
        CORRUPT_COMPLETION,
        /** A whole packet as one fragment (count 1), garbage payload, sequence moved from the newest. */
        FORGED_SINGLE_FRAGMENT,
        /** A regular packet, garbage payload, sequence moved from the newest. */
        FORGED_REGULAR,
        /** An old datagram again. */
        REPLAY,
        /** The newest delivered datagram again. */
        DUPLICATE
    }

    record Hostile(Source source, int pick, ByteMutation mutation, int sequenceDelta)
    {
    }

    /** Delivers only payloads that validate themselves, as a snapshot decoder refuses garbage. */
    private static final class ValidatingProcessor implements PacketProcessor
    {
        final List<Long> delivered = new ArrayList<>();

        @Override
        public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
        {
            final long index = TestPayloads.verify(buffer, offset, length);
            if (index < 0)
            {
                return false;
            }
            delivered.add(index);
            return true;
        }
    }

    /** A sender whose packets carry self-validating payloads, some of them fragmented. */
    private static final class Session
    {
        final Recorders.Transmitted transmitted = new Recorders.Transmitted();
        final ReliableEndpoint sender = new ReliableEndpoint(
            new ReliableConfig().integrityEnabled(false), transmitted, (s, b, o, l) -> true, s -> { }, 0L);
        final ValidatingProcessor processor = new ValidatingProcessor();
        final ReliableEndpoint receiver = new ReliableEndpoint(
            new ReliableConfig().integrityEnabled(false), new Recorders.Transmitted(), processor, s -> { }, 0L);
        final UnsafeBuffer payload = new UnsafeBuffer(new byte[4000]);
        final List<byte[]> delivered = new ArrayList<>();
        long nextIndex;

        /** @return the datagrams of the next packet, not delivered. */
        List<byte[]> send(final int length)
        {
            final int first = transmitted.datagrams.size();
            TestPayloads.write(payload, nextIndex++, length);
            sender.sendPacket(payload, 0, length, NOW_NS);
            return new ArrayList<>(transmitted.datagrams.subList(first, transmitted.datagrams.size()));
        }

        ReliableCounters receive(final byte[] datagram)
        {
            return receiver.receivePacket(new UnsafeBuffer(datagram), 0, datagram.length, NOW_NS);
        }

        /**
         * @param completes true when the datagrams end their packet (the last one delivers it), false when they
         *                  are fragments of a packet whose last fragment comes later.
         * @return true if every datagram had the outcome of an honest delivery.
         */
        boolean deliverHonestly(final List<byte[]> datagrams, final boolean completes)
        {
            boolean allAsExpected = true;
            for (int i = 0; i < datagrams.size(); i++)
            {
                final ReliableCounters result = receive(datagrams.get(i));
                final ReliableCounters expected = completes && i == datagrams.size() - 1 ? PACKETS_DELIVERED : FRAGMENTS_RECEIVED;
                allAsExpected &= result == expected;
                delivered.add(datagrams.get(i));
            }
            return allAsExpected;
        }
    }

    @Provide
    Arbitrary<Hostile> hostile()
    {
        final Arbitrary<Source> sources = Arbitraries.frequency(
            Tuple.of(4, Source.MUTATED), Tuple.of(3, Source.CORRUPT_COMPLETION), Tuple.of(2, Source.FORGED_SINGLE_FRAGMENT),
            Tuple.of(2, Source.FORGED_REGULAR), Tuple.of(1, Source.REPLAY), Tuple.of(1, Source.DUPLICATE));
        final Arbitrary<Integer> deltas = Arbitraries.of(1, 2, 15, 16, 17, 100, 255, 256, 1000, 32767, 32768,
            -1, -15, -16, -17, -100, -255, -256, -257, -1000, -32767);
        return Combinators.combine(sources, Arbitraries.integers().between(0, 1 << 20), ByteMutation.arbitrary(), deltas)
            .as(Hostile::new);
    }

    @Property(tries = 300)
    void refusedDatagramsChangeNothingAndHonestPacketsKeepArriving(
        @ForAll @Size(min = 1, max = 4) final List<@Size(min = 1, max = 6) List<@From("hostile") Hostile>> phases)
    {
        final Session session = new Session();
        boolean noForgeryKept = true;
        boolean honestDelivered = true;
        for (final List<Hostile> phase : phases)
        {
            honestDelivered &= session.deliverHonestly(session.send(200), true);
            honestDelivered &= session.deliverHonestly(session.send(2500), true);
            // A fragmented packet delivered but for its last fragment: the hostile phase can complete it.
            final List<byte[]> pending = session.send(3000);
            honestDelivered &= session.deliverHonestly(pending.subList(0, pending.size() - 1), false);
            final byte[] missing = pending.get(pending.size() - 1);

            for (final Hostile hostile : phase)
            {
                final byte[] datagram = datagramOf(session, hostile, missing);
                final long digest = session.receiver.stateDigest();
                final ReliableCounters result = session.receive(datagram);
                Statistics.label("result").collect(hostile.source(), result.label());
                if (result.isRefusal() || result == PACKETS_NOT_PROCESSED)
                {
                    assertEquals(digest, session.receiver.stateDigest(), hostile + " refused as " + result.label());
                }
                else
                {
                    noForgeryKept = false;
                }
            }

            honestDelivered &= session.receive(missing) == PACKETS_DELIVERED;
            session.delivered.add(missing);
            honestDelivered &= session.deliverHonestly(session.send(2100), true);
            honestDelivered &= session.deliverHonestly(session.send(50), true);
            if (noForgeryKept)
            {
                assertTrue(honestDelivered, "an honest packet was not delivered after " + phase);
                assertEquals(session.nextIndex, session.processor.delivered.size());
            }
        }
        Statistics.label("delivery checked").collect(noForgeryKept);
        Statistics.label("delivery checked").coverage(coverage -> coverage.check(true).percentage(p -> p >= 60));
    }

    private static byte[] datagramOf(final Session session, final Hostile hostile, final byte[] missing)
    {
        final List<byte[]> delivered = session.delivered;
        final int newest = session.receiver.newestReceivedSequence();
        return switch (hostile.source())
        {
            case MUTATED ->
            {
                final byte[] base = (hostile.pick() & 1) == 0 ? missing :
                    delivered.get(delivered.size() - 1 - (hostile.pick() >>> 1) % Math.min(delivered.size(), 8));
                yield hostile.mutation().apply(base, delivered.get((hostile.pick() >>> 4) % delivered.size()));
            }
            case CORRUPT_COMPLETION ->
            {
                final byte[] corrupt = missing.clone();
                final int payloadStart = FragmentHeader.BYTES;
                final int position = payloadStart + hostile.pick() % (corrupt.length - payloadStart);
                corrupt[position] ^= (byte)(1 + (hostile.pick() >>> 12) % 255);
                yield corrupt;
            }
            case FORGED_SINGLE_FRAGMENT, FORGED_REGULAR ->
            {
                final int sequence = SequenceNumbers.add(newest, hostile.sequenceDelta());
                final byte[] garbage = hostile.mutation().apply(new byte[1 + hostile.pick() % 40], new byte[0]);
                final byte[] datagram = new byte[FragmentHeader.BYTES + PacketHeader.MAX_BYTES + garbage.length];
                final UnsafeBuffer buffer = new UnsafeBuffer(datagram);
                int index = 0;
                if (hostile.source() == Source.FORGED_SINGLE_FRAGMENT)
                {
                    index = FragmentHeader.write(buffer, 0, sequence, 0, 1);
                }
                index += PacketHeader.write(buffer, index, sequence, newest, hostile.mutation().b());
                buffer.putBytes(index, garbage);
                yield java.util.Arrays.copyOf(datagram, index + garbage.length);
            }
            case REPLAY -> delivered.get(hostile.pick() % delivered.size()).clone();
            default -> delivered.get(delivered.size() - 1).clone();
        };
    }
}
