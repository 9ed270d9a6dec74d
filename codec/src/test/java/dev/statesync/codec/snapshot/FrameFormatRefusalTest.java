package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * A framed snapshot has no format byte when it is range-coded: its first byte, the range coder's, is never 0, and a
 * first byte 0 says a bitpacked packet follows. Every range-coded frame a sender writes starts with a non-zero
 * byte; frames cut short, with the first byte turned into the bitpacked one's, or reduced to it, are refused with
 * the refusal counted and the receiver unchanged whenever they do not decode, and never throw.
 */
class FrameFormatRefusalTest
{
    private static final int OBJECTS = 16;

    @Property(tries = 12)
    void rangeCodedFramesNeverStartWithTheBitpackedFormatByteAndHostileVariantsChangeNothing(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(max = 2) final int predictorIndex,
        @ForAll final long seed)
    {
        final RecordedSnapshotSession session =
            new RecordedSnapshotSession(schemaIndex, predictorIndex, OBJECTS, true, seed, 0.1, 0, 0);
        int rangeCoded = 0;
        for (int t = 0; t < 24; t++)
        {
            final byte[] frame = session.encodeNext(true);
            final int sequence = session.sequenceOf(frame);
            if (SnapshotFormat.isRangeCoded(frame[0]))
            {
                rangeCoded++;
                // A range-coded frame read as bitpacked: its first byte made the format byte 0.
                final byte[] asBitpacked = frame.clone();
                asBitpacked[0] = (byte)SnapshotFormat.FORMAT_BITPACKED;
                refusedUnchangedOrDecoded(session, asBitpacked, sequence, "first byte 0");
            }
            else
            {
                assertEquals(SnapshotFormat.FORMAT_BITPACKED, frame[0]);
            }
            // Cut short: to nothing, to a few bytes, by half, by the last byte or two.
            for (final int length : new int[]{0, 1, 2, 3, frame.length / 2, frame.length - 2, frame.length - 1})
            {
                if (length >= 0 && length < frame.length)
                {
                    refusedUnchangedOrDecoded(session, Arrays.copyOf(frame, length), sequence, "cut to " + length);
                }
            }
            session.deliverHonestly(frame);
        }
        Statistics.label("some frames range-coded").collect(rangeCoded > 0);
        Statistics.label("some frames range-coded").coverage(coverage -> coverage.check(true).percentage(p -> p >= 50));
    }

    @Example
    void anEmptyFrameAndALoneFormatByteAreMalformed()
    {
        final RecordedSnapshotSession session = new RecordedSnapshotSession(0, 0, OBJECTS, true, 7, 0, 0, 0);
        for (int t = 0; t < 4; t++)
        {
            session.honestTick(true);
        }
        for (final byte[] frame : new byte[][]{{}, {(byte)SnapshotFormat.FORMAT_BITPACKED}})
        {
            final long digest = session.receiver.stateDigest();
            final long malformed = session.receiver.malformedPackets();
            assertEquals(DecodeResult.MALFORMED, session.decode(frame));
            assertEquals(malformed + 1, session.receiver.malformedPackets());
            assertEquals(digest, session.receiver.stateDigest());
        }
    }

    private static void refusedUnchangedOrDecoded(
        final RecordedSnapshotSession session, final byte[] bytes, final int sequence, final String what)
    {
        final SnapshotReceiver receiver = session.receiver;
        final long digest = receiver.stateDigest();
        final long refusals = receiver.malformedPackets() + receiver.baselineMisses() + receiver.stalePackets();
        final DecodeResult result = session.decode(bytes, sequence);
        Statistics.label("hostile frame").collect(result);
        if (result != DecodeResult.OK)
        {
            assertEquals(digest, receiver.stateDigest(), what + " refused as " + result);
            assertEquals(refusals + 1, receiver.malformedPackets() + receiver.baselineMisses() + receiver.stalePackets(),
                what + ": counted");
        }
    }
}
