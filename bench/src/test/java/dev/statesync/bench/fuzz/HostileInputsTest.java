package dev.statesync.bench.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.snapshot.SnapshotFormat;
import dev.statesync.sync.reliable.Crc32cIntegrity;
import dev.statesync.sync.reliable.FragmentHeader;
import dev.statesync.sync.reliable.IntegrityMode;
import dev.statesync.sync.reliable.PacketHeader;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** The mutators do what their names say, deterministically, and never throw on any choice or corpus. */
class HostileInputsTest
{
    private static final WireLayout PACKETS = WireLayout.packets(IntegrityMode.NONE, 0, WireLayout.PayloadTick.AT_START);
    private static final WireLayout MESSAGES = WireLayout.message(WireLayout.PayloadTick.AT_START);

    /** A regular packet: 4-byte header (sequence 1000, ack 999), then a 4-byte tick of 7 and two bytes. */
    private static byte[] packet()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[10]);
        final int header = PacketHeader.write(buffer, 0, 1000, 999, 0xFFFFFFFF);
        buffer.putInt(header, 7, ByteOrder.LITTLE_ENDIAN);
        buffer.putShort(header + 4, (short)0x5A5A, ByteOrder.LITTLE_ENDIAN);
        return Arrays.copyOf(buffer.byteArray(), header + 6);
    }

    private static FuzzCorpus corpusOf(final byte[]... datagrams)
    {
        final FuzzCorpus corpus = new FuzzCorpus(8);
        for (final byte[] datagram : datagrams)
        {
            corpus.record(new UnsafeBuffer(datagram), 0, datagram.length);
        }
        return corpus;
    }

    private static MutationChoice choice(final Mutator mutator, final int position, final int value)
    {
        return new MutationChoice(mutator, 0, position, value, 42, false);
    }

    @Test
    void shouldReplayAndDuplicateRealDatagramsUnchangedAndCallThemGenuine()
    {
        final byte[] older = {1, 2, 3};
        final byte[] newest = packet();
        final FuzzCorpus corpus = corpusOf(older, newest);
        final HostileInputs inputs = new HostileInputs();

        inputs.build(new MutationChoice(Mutator.REPLAY_OLD, 1, 0, 0, 0, false), corpus, PACKETS);
        assertArrayEquals(older, inputs.copy());
        assertTrue(inputs.isGenuine());

        inputs.build(new MutationChoice(Mutator.DUPLICATE_NEWEST, 1, 0, 0, 0, false), corpus, PACKETS);
        assertArrayEquals(newest, inputs.copy());
        assertTrue(inputs.isGenuine());

        inputs.build(choice(Mutator.BIT_FLIPS, 0, 0), corpus, PACKETS);
        assertEquals(newest.length, inputs.length());
        assertFalse(inputs.isGenuine(), "one flipped bit is a forgery");
    }

    @Test
    void shouldBuildTheSameBytesFromTheSameChoice()
    {
        final FuzzCorpus corpus = corpusOf(packet(), new byte[]{9, 9, 9, 9, 9, 9});
        final HostileInputs a = new HostileInputs();
        final HostileInputs b = new HostileInputs();
        for (final Mutator mutator : Mutator.values())
        {
            final MutationChoice choice = new MutationChoice(mutator, 1, 12345, 678, -99L, true);
            a.build(choice, corpus, PACKETS);
            b.build(choice, corpus, PACKETS);
            assertArrayEquals(a.copy(), b.copy(), mutator.name());
        }
    }

    @Test
    void shouldMoveTheSequenceOfThePacketHeader()
    {
        final HostileInputs inputs = new HostileInputs();
        inputs.build(choice(Mutator.SEQUENCE_SHIFT, 0, 0), corpusOf(packet()), PACKETS);
        final UnsafeBuffer shifted = new UnsafeBuffer(inputs.copy());
        assertEquals(1001, shifted.getShort(1, ByteOrder.LITTLE_ENDIAN) & 0xFFFF, "first listed delta is +1");
        assertEquals(Mutator.SEQUENCE_SHIFT, inputs.applied());
    }

    @Test
    void shouldMoveTheTickAfterThePacketHeaderAndOfABareMessage()
    {
        final HostileInputs inputs = new HostileInputs();
        final byte[] packet = packet();
        inputs.build(choice(Mutator.TICK_SHIFT, 0, 1), corpusOf(packet), PACKETS);
        assertEquals(6, new UnsafeBuffer(inputs.copy()).getInt(4, ByteOrder.LITTLE_ENDIAN), "second listed delta is -1");

        final byte[] message = {7, 0, 0, 0, 1};
        inputs.build(choice(Mutator.TICK_SHIFT, 0, 22), corpusOf(message), MESSAGES);
        assertEquals(7 + Integer.MIN_VALUE, new UnsafeBuffer(inputs.copy()).getInt(0, ByteOrder.LITTLE_ENDIAN));
    }

    @Test
    void shouldFindTheTickOfABitpackedFrameButNotOfARangeCodedOne()
    {
        final WireLayout framed = WireLayout.message(WireLayout.PayloadTick.FRAMED);
        assertEquals(1, framed.tickOffset(new byte[]{SnapshotFormat.FORMAT_BITPACKED, 5, 0, 0, 0, 3}, 6));
        assertEquals(-1, framed.tickOffset(new byte[]{(byte)0x9C, 5, 0, 0, 0, 3}, 6));

        final HostileInputs inputs = new HostileInputs();
        inputs.build(choice(Mutator.TICK_SHIFT, 0, 0),
            corpusOf(new byte[]{(byte)0x9C, 5, 0, 0, 0, 3}), framed);
        assertEquals(Mutator.OVERWRITE_WINDOW, inputs.applied(), "no tick to move: a plainer mutation instead");
    }

    @Test
    void shouldWrapARegularPacketInAFragmentHeaderThatKeepsItsSequence()
    {
        final HostileInputs inputs = new HostileInputs();
        final byte[] packet = packet();
        inputs.build(choice(Mutator.FRAGMENT_HEADER, 0, 1), corpusOf(packet), PACKETS);
        final byte[] fragment = inputs.copy();
        assertEquals(FragmentHeader.BYTES + packet.length, fragment.length);
        final FragmentHeader header = new FragmentHeader();
        assertEquals(FragmentHeader.BYTES, header.read(new UnsafeBuffer(fragment), 0, fragment.length));
        assertEquals(1000, header.sequence());
        assertEquals(0, header.fragmentId());
        assertEquals(2, header.fragmentCount());
        assertArrayEquals(packet, Arrays.copyOfRange(fragment, FragmentHeader.BYTES, fragment.length));
    }

    @Test
    void shouldOverwriteWithExtremeValues()
    {
        final HostileInputs inputs = new HostileInputs();
        // width 1 + (value & 3) = 4, mode (value >>> 2) % 5 = 1: 0xFF.
        inputs.build(choice(Mutator.OVERWRITE_WINDOW, 2, 0b111), corpusOf(packet()), PACKETS);
        final byte[] bytes = inputs.copy();
        for (int i = 2; i < 6; i++)
        {
            assertEquals((byte)0xFF, bytes[i]);
        }
    }

    @Test
    void shouldResealACrcSoTheMutationReachesTheParser()
    {
        final WireLayout crc = WireLayout.packets(IntegrityMode.CRC32C, 77, WireLayout.PayloadTick.NONE);
        final Crc32cIntegrity check = new Crc32cIntegrity(77, 4096);
        final UnsafeBuffer datagram = new UnsafeBuffer(new byte[64]);
        final byte[] packet = packet();
        datagram.putBytes(0, packet);
        final int length = check.append(datagram, 0, packet.length);
        final FuzzCorpus corpus = new FuzzCorpus();
        corpus.record(datagram, 0, length);

        final HostileInputs inputs = new HostileInputs();
        inputs.build(new MutationChoice(Mutator.BIT_FLIPS, 0, 0, 3, 5, true), corpus, crc);
        assertTrue(check.verify(inputs.buffer(), 0, inputs.length()), "resealed");
        inputs.build(new MutationChoice(Mutator.BIT_FLIPS, 0, 0, 3, 5, false), corpus, crc);
        assertFalse(check.verify(inputs.buffer(), 0, inputs.length()), "not resealed");
    }

    @Test
    void shouldKeepRandomBytesWithinTheirLengthAndMostlyShort()
    {
        final HostileInputs inputs = new HostileInputs();
        final java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        int short16 = 0;
        for (int i = 0; i < 2000; i++)
        {
            inputs.build(new MutationChoice(Mutator.RANDOM_BYTES, 0, random.nextInt() & Integer.MAX_VALUE, 0,
                random.nextLong(), false), new FuzzCorpus(), MESSAGES);
            assertTrue(inputs.length() <= HostileInputs.MAX_RANDOM_BYTES);
            short16 += inputs.length() <= 16 ? 1 : 0;
        }
        assertTrue(short16 > 800 && short16 < 1200, "about half at most 16 bytes: " + short16);
    }

    @Property(tries = 2000)
    void shouldNeverThrowOnAnyChoiceOrCorpus(
        @ForAll final Mutator mutator, @ForAll final int pick, @ForAll final int position, @ForAll final int value,
        @ForAll final long seed, @ForAll final boolean reseal, @ForAll final byte[] first, @ForAll final byte[] second,
        @ForAll final boolean packets)
    {
        final FuzzCorpus corpus = corpusOf(first, second);
        final HostileInputs inputs = new HostileInputs();
        final WireLayout layout = packets ?
            WireLayout.packets(IntegrityMode.CRC32C, 1, WireLayout.PayloadTick.FRAMED) : MESSAGES;
        inputs.build(new MutationChoice(mutator, pick & Integer.MAX_VALUE, position & Integer.MAX_VALUE,
            value & Integer.MAX_VALUE, seed, reseal), corpus, layout);
        assertTrue(inputs.length() >= 0 && inputs.length() <= HostileInputs.MAX_BYTES);
    }
}
