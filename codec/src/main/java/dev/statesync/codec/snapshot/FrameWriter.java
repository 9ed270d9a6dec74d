package dev.statesync.codec.snapshot;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.entropy.BitAccount;
import dev.statesync.codec.entropy.RangeBitWriter;

/**
 * Frames a snapshot ({@link SnapshotConfig#rangeCoded}): whichever of the bitpacked and the range-coded packet makes
 * the smaller frame (the range-coded one also when the bitpacked one does not fit). A range-coded frame is the
 * coder's bytes alone, started above the byte 0 ({@link RangeBitWriter#startAboveZeroByte()}: its first byte is never
 * 0, at 0.0056 bits a frame); a bitpacked frame is the byte {@link SnapshotFormat#FORMAT_BITPACKED} (0), then the
 * bitpacked packet. Before, every frame began with a format byte: 8 bits a snapshot on the cube run. Owns the writers
 * and the range coder's scratch, codes trial packets for the {@link BudgetFitter}, and stores each range-coded
 * frame's final model in the model ring. Allocation-free after construction, except growing the scratch for a
 * packet larger than any before.
 */
final class FrameWriter
{
    private final SnapshotPacket packet;
    private final PacketLayout modeled;
    /** Coder models by tick; null unless range coding is on. */
    private final ModelRing modelRing;
    private final BitWriter bitpackedWriter = new BitWriter();
    private final RangeBitWriter rangeWriter = new RangeBitWriter();
    private final UnsafeBuffer rangeScratch = new UnsafeBuffer(new byte[2048]);

    FrameWriter(final SnapshotPacket packet, final PacketLayout modeled, final ModelRing modelRing)
    {
        this.packet = packet;
        this.modeled = modeled;
        this.modelRing = modelRing;
    }

    /** Attach (or with null detach) the account charged the range-coded frames this writer sends. */
    void account(final BitAccount account)
    {
        rangeWriter.account(account);
    }

    /** @throws IllegalArgumentException if a frame of {@code capacityBytes} has no room for a payload. */
    void checkCapacity(final int capacityBytes)
    {
        if (capacityBytes < 2)
        {
            throw new IllegalArgumentException("capacityBytes must be >= 2, got " + capacityBytes);
        }
    }

    /** Grow the range coder's scratch to at least {@code bytes}; rare (a larger packet than ever before). */
    void ensureScratch(final int bytes)
    {
        if (rangeScratch.capacity() < bytes)
        {
            rangeScratch.wrap(new byte[Math.max(bytes, 2 * rangeScratch.capacity())]);
        }
    }

    /**
     * Range-code {@code plan} into the scratch, leaving the coder with its final model, so a frame of the same
     * plan can send these bytes. Records nothing.
     *
     * @return the coded bytes; past the scratch only a lower bound, as coding stops there.
     */
    int codeTrial(final PacketPlan plan)
    {
        rangeWriter.wrapWithoutModel(rangeScratch, 0, rangeScratch.capacity()).startAboveZeroByte();
        packet.serialize(rangeWriter, modeled, plan, PacketBaselines.PLANNED);
        return rangeWriter.finish();
    }

    /**
     * Write the frame of {@code plan}: range-code the plan (or take {@code codedBytes} of the last trial of the
     * same plan), write whichever frame is smaller, the range-coded bytes alone or the format byte and the bitpacked
     * packet (range-coded on a tie only if the bitpacked one does not fit), and store a range-coded frame's final
     * model for {@code plan.tick}.
     *
     * <p>The bitpacked packet is written only when it might make the smaller frame: when
     * {@link SnapshotPacket#bitpackedExceeds} proves it longer than the range-coded frame less the format byte, it
     * is not (on a steady link, nearly every frame). The choice is the one writing both would make, so the bytes are
     * the same.
     *
     * @param bitpacked  the bitpacked layout.
     * @param codedBytes -1, or the length of the plan's range-coded packet already in the scratch.
     * @return the frame's bytes at {@code offset}.
     * @throws IllegalStateException if the plan fits neither {@code capacityBytes} range-coded nor
     *                               {@code capacityBytes - 1} bitpacked.
     */
    int finish(
        final PacketPlan plan,
        final PacketLayout bitpacked,
        final MutableDirectBuffer buffer,
        final int offset,
        final int capacityBytes,
        final int codedBytes)
    {
        checkCapacity(capacityBytes);
        final int rangeLength;
        final boolean rangeFits;
        if (codedBytes >= 0)
        {
            rangeLength = codedBytes;
            rangeFits = codedBytes <= capacityBytes;
        }
        else
        {
            // A coder that runs out of room stops early: it does not fit, and its length is not the packet's.
            ensureScratch(capacityBytes);
            rangeWriter.wrapWithoutModel(rangeScratch, 0, capacityBytes).startAboveZeroByte();
            packet.serialize(rangeWriter, modeled, plan, PacketBaselines.PLANNED);
            rangeLength = rangeWriter.finish();
            rangeFits = !rangeWriter.isFailed();
        }
        // The bitpacked frame is 1 + ceil(b / 8) bytes for b bits of packet: longer than the range-coded frame
        // exactly when b > 8 * (rangeLength - 1).
        boolean rangeWins = rangeFits && packet.bitpackedExceeds(plan, 8L * (rangeLength - 1));
        if (!rangeWins)
        {
            // An overflowed bitpacked write stopped at the capacity; the range-coded form must then fit on its own.
            bitpackedWriter.wrap(buffer, offset + 1, capacityBytes - 1);
            packet.serialize(bitpackedWriter, bitpacked, plan, PacketBaselines.PLANNED);
            bitpackedWriter.flush();
            final boolean bitpackedFits = !bitpackedWriter.hasOverflowed();
            final int bitpackedFrame = 1 + bitpackedWriter.bytesWritten();
            rangeWins = rangeFits && (!bitpackedFits || rangeLength < bitpackedFrame);
            if (!rangeWins)
            {
                if (!bitpackedFits)
                {
                    throw new IllegalStateException("chosen objects fit " + capacityBytes +
                        " bytes neither bitpacked nor range-coded");
                }
                buffer.putByte(offset, (byte)SnapshotFormat.FORMAT_BITPACKED);
                return bitpackedFrame;
            }
        }
        if (modelRing != null)
        {
            rangeWriter.exchangeModel(modelRing.exchange(plan.tick, rangeWriter.model(), plan, plan.count));
        }
        if (rangeWriter.account() != null)
        {
            rangeWriter.account().commitFrame(rangeLength);
        }
        buffer.putBytes(offset, rangeScratch, 0, rangeLength);
        return rangeLength;
    }
}
