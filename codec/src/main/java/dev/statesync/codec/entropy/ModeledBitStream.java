package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;

/**
 * A {@link BitStream} that entropy-codes with an adaptive {@link ContextModel} ({@link RangeBitWriter},
 * {@link RangeBitReader}). Where a different binarization suits a modeled stream (per-component residuals
 * instead of a shared bit width), a message chooses its layout once, by its format (the snapshot packet takes
 * a {@code PacketLayout} strategy), rather than testing the stream's type field by field; and it may replace
 * the model mid-message, at a point both ends agree on, to continue from shared history.
 */
public interface ModeledBitStream extends BitStream
{
    /** Largest residual magnitude {@link #serializeResidual} accepts: {@code 2^29 - 1}. */
    int MAX_RESIDUAL = (1 << 29) - 1;
    /** Magnitude classes (bit lengths) a residual may have. */
    int MAX_RESIDUAL_CLASS = 29;
    /** Direct bits of a magnitude class beyond the unary ones. */
    int ESCAPE_BITS = 4;
    /** The bitpacked code of residual zig-zag codes: 0 in 1 bit, +-1 in 3, then growing rungs up to 2^30. */
    BitLadder RESIDUAL_LADDER = new BitLadder(0, 1, 3, 5, 8, 12, 17, 22, 30);

    /** @return the model coding this message; copy a shared model into it to continue from that state. */
    ContextModel model();
}
