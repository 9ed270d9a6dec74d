package dev.statesync.bench.jmh;

import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.bench.runner.LinkBudget;
import dev.statesync.bench.runner.Options;
import dev.statesync.bench.runner.Predictors;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.snapshot.ObjectCodec;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.snapshot.SnapshotSender;

/**
 * The codec half of the runner's default link over a {@link RecordedCubes} recording, without the reliability
 * layer and the network simulator: the authority's {@link SnapshotSender} encodes every tick as
 * {@code SnapshotAuthority.sendSnapshot} does on the runner's default (unbudgeted) link
 * ({@link LinkBudget#UNLIMITED_PAYLOAD_BYTES}, framed and range-coded, no priority accumulator, the runner's
 * predictor), and a {@link SnapshotReceiver} decodes the frames that arrive.
 *
 * <p>The link is deterministic: the ack of tick {@code t}'s packet reaches the sender just before it encodes
 * tick {@code t + }{@link #ACK_DELAY_TICKS} (100 ms round trip at 60 Hz, so baselines are as old as on the
 * runner's default link), and a fixed {@link #LOSS_ONE_IN} of packets (by a hash of the tick) never arrives:
 * the receiver does not see them and the sender never hears their ack, about the runner's 5% loss. As on the
 * runner's link the sender may code a packet against the previous one before its ack
 * ({@code SnapshotConfig.unackedReferenceMaxAgeTicks}); the receiver refuses such a packet when that one was lost,
 * and its ack never comes either.
 *
 * <p>{@link Coding#BITPACKED} codes the same snapshots unframed and bitpacked ({@code SnapshotConfig.rangeCoded}
 * false: the same objects, predictors and baselines, no entropy coder), for what the codec costs without the
 * range coder; the runner never sends that form on its default link, since it is about half again as large.
 */
final class RecordedCubesLink
{
    /** Ticks from a send to its ack: 100 ms RTT at 60 Hz. */
    static final int ACK_DELAY_TICKS = 6;
    /** One packet in this many is lost (5%). */
    static final int LOSS_ONE_IN = 20;
    /** The runner's unbudgeted payload: every changed object every tick. */
    static final int CAPACITY_BYTES = LinkBudget.UNLIMITED_PAYLOAD_BYTES;

    private RecordedCubesLink()
    {
    }

    /** @return true if the packet of {@code tick} is lost (so is its ack): a fixed 1 in {@link #LOSS_ONE_IN}. */
    static boolean lost(final int tick)
    {
        int h = tick * 0x9E3779B9;
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        return Integer.remainderUnsigned(h, LOSS_ONE_IN) == 0;
    }

    /** @return the 16-bit packet sequence of tick {@code tick}'s snapshot (one packet per tick). */
    static int sequence(final int tick)
    {
        return tick & 0xFFFF;
    }

    /** How the snapshots are coded. */
    enum Coding
    {
        /** Framed and range-coded where smaller, as the runner's default link sends them. */
        RANGE_CODED("range-coded"),
        /** Unframed bitpacked snapshots: the same content without the entropy coder. */
        BITPACKED("bitpacked");

        private final String text;

        Coding(final String text)
        {
            this.text = text;
        }

        /** @return the coding named {@code text} ("range-coded" or "bitpacked"). */
        static Coding parse(final String text)
        {
            for (final Coding coding : values())
            {
                if (coding.text.equals(text))
                {
                    return coding;
                }
            }
            throw new IllegalArgumentException("coding must be range-coded or bitpacked, got " + text);
        }
    }

    /**
     * @return the snapshot settings of {@code coding}: the runner's (framed, range-coded) or bitpacked, either with
     * the runner's unbudgeted unacked reference ({@code --unacked-refs auto}).
     */
    static SnapshotConfig config(final Coding coding)
    {
        return new SnapshotConfig().rangeCoded(coding == Coding.RANGE_CODED)
            .unackedReferenceMaxAgeTicks(Options.UNBUDGETED_UNACKED_REF_TICKS);
    }

    /** @return a codec as the runner's: rolling about the cube scene's radius ({@code Predictors.rollingRadiusM}). */
    static ObjectCodec codec(final RecordedCubes recording)
    {
        return new ObjectCodec(recording.schema(), Predictors.physicalCouplings(recording.schema()));
    }

    /** The authority's end: a fresh sender that has sent nothing. Allocation-free per tick. */
    static final class Authority
    {
        private final RecordedCubes recording;
        private final Coding coding;
        private final SnapshotSender sender;
        private final UnsafeBuffer payload = new UnsafeBuffer(new byte[CAPACITY_BYTES]);
        private final BitWriter writer = new BitWriter();
        private int lastLength;
        /** Per tick sent, whether its frame was coded against the previous, unacked one. */
        private final boolean[] namesUnacked;

        /** The runner's coding: framed and range-coded. */
        Authority(final RecordedCubes recording)
        {
            this(recording, Coding.RANGE_CODED);
        }

        Authority(final RecordedCubes recording, final Coding coding)
        {
            this.recording = recording;
            this.coding = coding;
            sender = new SnapshotSender(recording.schema(), recording.objects(), recording.predictor(),
                codec(recording), config(coding));
            namesUnacked = new boolean[recording.ticks() + 1];
        }

        /**
         * @return true if the frame of {@code tick} (sent already) is applied by the receiver: it is not lost, and
         * if it was coded against the previous frame before that one's ack, that one was not lost either.
         */
        boolean applied(final int tick)
        {
            return !lost(tick) && !(namesUnacked[tick] && lost(tick - 1));
        }

        /**
         * Hear the ack that is due, then encode tick {@code tick}'s snapshot (ticks from 1, one after another).
         *
         * @return objects the snapshot carries.
         */
        int send(final int tick)
        {
            final int ackedTick = tick - ACK_DELAY_TICKS;
            // A receiver acks only what it applied: not a frame that arrived without the unacked one it names.
            if (ackedTick >= 1 && applied(ackedTick))
            {
                sender.onAcked(sequence(ackedTick));
            }
            final long namedBefore = sender.unackedReferencePackets();
            if (coding == Coding.BITPACKED)
            {
                sender.encode(tick, recording.at(tick), null, 0, Integer.MAX_VALUE,
                    writer.wrap(payload, 0, CAPACITY_BYTES), sequence(tick));
                lastLength = writer.bytesWritten();
            }
            else
            {
                lastLength = sender.encodeFramed(tick, recording.at(tick), null, 0, payload, 0, CAPACITY_BYTES,
                    sequence(tick));
            }
            namesUnacked[tick] = sender.unackedReferencePackets() != namedBefore;
            return sender.includedCount();
        }

        /** @return the last frame ({@link #lastLength()} bytes from 0). */
        DirectBuffer lastFrame()
        {
            return payload;
        }

        int lastLength()
        {
            return lastLength;
        }

        SnapshotSender sender()
        {
            return sender;
        }
    }

    /** The replica's end: a fresh receiver of {@code coding} that holds nothing. */
    static SnapshotReceiver newReceiver(final RecordedCubes recording, final Coding coding)
    {
        return new SnapshotReceiver(recording.schema(), recording.objects(), recording.predictor(),
            codec(recording), config(coding));
    }

    /** Every frame of one authority run over a recording, by tick, for decoding without encoding. */
    static final class Frames
    {
        private final byte[] bytes;
        private final int[] offsets;
        private final int[] lengths;
        private final int[] objectsSent;
        /** Per tick, whether the receiver applies its frame ({@link Authority#applied}). */
        private final boolean[] applied;
        private final UnsafeBuffer buffer;
        private final Coding coding;
        private final BitReader reader = new BitReader();

        /** The runner's frames: framed and range-coded. */
        Frames(final RecordedCubes recording)
        {
            this(recording, Coding.RANGE_CODED);
        }

        /** Run a fresh authority of {@code coding} over ticks 1 .. {@code recording.ticks()} and keep every frame. */
        Frames(final RecordedCubes recording, final Coding coding)
        {
            this.coding = coding;
            final int ticks = recording.ticks();
            offsets = new int[ticks + 1];
            lengths = new int[ticks + 1];
            objectsSent = new int[ticks + 1];
            applied = new boolean[ticks + 1];
            final Authority authority = new Authority(recording, coding);
            byte[] all = new byte[1 << 20];
            int used = 0;
            for (int tick = 1; tick <= ticks; tick++)
            {
                objectsSent[tick] = authority.send(tick);
                applied[tick] = authority.applied(tick);
                final int length = authority.lastLength();
                if (used + length > all.length)
                {
                    all = Arrays.copyOf(all, Math.max(2 * all.length, used + length));
                }
                authority.lastFrame().getBytes(0, all, used, length);
                offsets[tick] = used;
                lengths[tick] = length;
                used += length;
            }
            bytes = all;
            buffer = new UnsafeBuffer(bytes);
        }

        /** Decode tick {@code tick}'s frame into {@code receiver} (a receiver of the same coding). */
        DecodeResult deliver(final SnapshotReceiver receiver, final int tick)
        {
            if (coding == Coding.BITPACKED)
            {
                return receiver.decode(reader.wrap(buffer, offsets[tick], lengths[tick]), sequence(tick));
            }
            return receiver.decodeFramed(buffer, offsets[tick], lengths[tick], sequence(tick));
        }

        /**
         * @return true if the frame of {@code tick} is not applied: it is lost, or it was coded against the previous
         * frame before its ack and that one was lost.
         */
        boolean unapplied(final int tick)
        {
            return !applied[tick];
        }

        /** @return objects the frame of {@code tick} carries. */
        int objectsSent(final int tick)
        {
            return objectsSent[tick];
        }

        /** @return bytes of the frame of {@code tick}. */
        int length(final int tick)
        {
            return lengths[tick];
        }

        /** @return true if the frame of {@code tick} equals {@code length} bytes of {@code frame} from 0. */
        boolean sameFrame(final int tick, final DirectBuffer frame, final int length)
        {
            if (length != lengths[tick])
            {
                return false;
            }
            for (int i = 0; i < length; i++)
            {
                if (frame.getByte(i) != bytes[offsets[tick] + i])
                {
                    return false;
                }
            }
            return true;
        }
    }
}
