package dev.statesync.codec.snapshot;

import dev.statesync.codec.state.WireFingerprint;

/**
 * Sizes of the snapshot sender's and receiver's memory. Both ends of a connection must use the same
 * {@link #ringDepthTicks}, {@link #maxReorderTicks} and {@link #rangeCoded}, and with range coding the same
 * {@link #modelRingDepth}: each end's safety argument assumes the other's window and rings.
 */
public final class SnapshotConfig
{
    /** Default ticks of state history per object: 64, about 1 s at 60 Hz. */
    public static final int DEFAULT_RING_DEPTH_TICKS = 64;
    /** Default packets remembered for acks: 256, as reliable.io's sent-packet buffer. */
    public static final int DEFAULT_PACKET_HISTORY = 256;
    /** Default extra sends of an unchanged, unacked state: 1, so a state that stops changing goes out twice. */
    public static final int DEFAULT_UNCHANGED_REPEATS = 1;
    /**
     * Default {@link #unackedReferenceChainDepth}: 1, only a packet that named acked baselines alone may be named
     * before its ack, so a lost packet takes down at most the one after it.
     */
    public static final int DEFAULT_UNACKED_REFERENCE_CHAIN_DEPTH = 1;
    /** Largest {@link #unackedReferenceChainDepth}. */
    public static final int MAX_UNACKED_REFERENCE_CHAIN_DEPTH = 8;
    /**
     * Default {@link #unackedReferenceLosslessChainDepth}: 1, the same as the default chain depth, so a clean spell
     * changes nothing unless asked to.
     */
    public static final int DEFAULT_UNACKED_REFERENCE_LOSSLESS_CHAIN_DEPTH = 1;
    /**
     * Default {@link #unackedReferenceLosslessAfterTicks}: 1800 ticks, 30 s at 60 Hz. On the cube run at 0.1% and
     * 0.3% loss it never raised the largest displayed error, where 300 ticks did on five runs of six.
     */
    public static final int DEFAULT_UNACKED_REFERENCE_LOSSLESS_AFTER_TICKS = 1800;
    /** Default wait before an unchanged state is sent again without an ack: 12 ticks, 200 ms at 60 Hz. */
    public static final int DEFAULT_RESEND_TIMEOUT_TICKS = 12;

    /**
     * Default {@link #previousStateBlendErrorM}: 0.06 m. A replica blending straight across a lost tick is off by at
     * most this much for any object the sender did not repeat.
     */
    public static final double DEFAULT_PREVIOUS_STATE_BLEND_ERROR_M = 0.06;
    /**
     * Default {@link #cornerRepeatLossAfterTicks}: 7 ticks, the default link's measured round trip (113 ms at 60 Hz)
     * rounded up, until the caller keeps it at the measured one.
     */
    public static final int DEFAULT_CORNER_REPEAT_LOSS_AFTER_TICKS = 7;
    /** Largest {@link #cornerRepeatMaxAgeTicks}: the oldest previous-tick state a packet can carry. */
    public static final int MAX_CORNER_REPEAT_AGE_TICKS = PreviousTickStates.OLDEST_AGE;

    private double previousStateBlendErrorM = DEFAULT_PREVIOUS_STATE_BLEND_ERROR_M;
    private int cornerRepeatMaxAgeTicks;
    private int cornerRepeatLossAfterTicks = DEFAULT_CORNER_REPEAT_LOSS_AFTER_TICKS;
    private int ringDepthTicks = DEFAULT_RING_DEPTH_TICKS;
    private int packetHistory = DEFAULT_PACKET_HISTORY;
    private int unchangedRepeats = DEFAULT_UNCHANGED_REPEATS;
    private int resendTimeoutTicks = DEFAULT_RESEND_TIMEOUT_TICKS;
    private int maxReorderTicks = -1;
    private int unackedReferenceMaxAgeTicks;
    private int unackedReferenceChainDepth = DEFAULT_UNACKED_REFERENCE_CHAIN_DEPTH;
    private int unackedReferenceLosslessChainDepth = DEFAULT_UNACKED_REFERENCE_LOSSLESS_CHAIN_DEPTH;
    private int unackedReferenceLosslessAfterTicks = DEFAULT_UNACKED_REFERENCE_LOSSLESS_AFTER_TICKS;
    private boolean rangeCoded;
    private boolean shortTicks = true;
    /** 0: derived from the reorder window (see {@link #modelRingDepth()}). */
    private int modelRingDepth;

    /** Smallest default range-coder model ring: 32 models (about 3.76 MB; see {@link #modelRingDepth(int)}). */
    public static final int DEFAULT_MODEL_RING_DEPTH = 32;
    /** Ticks of acked-packet age the derived model ring depth leaves beyond the reorder window. */
    private static final int DEFAULT_MODEL_REF_REACH_TICKS = 16;

    /**
     * Range-coder models remembered per end (power of two), only with {@link #rangeCoded}: a packet
     * continues from the model of the newest acked range-coded snapshot at most
     * {@code modelRingDepth - maxReorderTicks - 1} ticks old; with no such snapshot it starts from a fresh
     * model and costs more. Default: the smallest power of two of at least 32 and
     * {@code maxReorderTicks + 16} (32 with the default rings: acked packets up to 15 ticks, 250 ms at 60 Hz,
     * which covers round trips up to about 230 ms). Raise it for longer round trips. Memory per end:
     * depth x ({@code ContextModel.BYTES} (117,632) + three bytes per object + 128).
     */
    public SnapshotConfig modelRingDepth(final int depth)
    {
        if (depth < 2 || Integer.bitCount(depth) != 1)
        {
            throw new IllegalArgumentException("model ring depth must be a power of two >= 2, got " + depth);
        }
        modelRingDepth = depth;
        return this;
    }

    /** @return range-coder models remembered per end (set, or derived from the reorder window). */
    public int modelRingDepth()
    {
        if (modelRingDepth != 0)
        {
            return modelRingDepth;
        }
        final int wanted = Math.max(DEFAULT_MODEL_RING_DEPTH, maxReorderTicks() + DEFAULT_MODEL_REF_REACH_TICKS);
        return Integer.highestOneBit(wanted - 1) << 1;
    }

    /** @return the oldest acked snapshot, in ticks, whose model a packet may continue from (at least 0). */
    public int maxModelRefAgeTicks()
    {
        return Math.max(0, Math.min(SnapshotFormat.MAX_MODEL_REF_AGE, modelRingDepth() - maxReorderTicks() - 1));
    }

    /**
     * Ticks of state history per object (power of two). A baseline older than this is unusable and the object
     * is sent absolutely, so it must cover the round trip plus jitter: 64 ticks = 1.07 s at 60 Hz. Memory per
     * end: objects x depth x stride ints.
     */
    public SnapshotConfig ringDepthTicks(final int ticks)
    {
        if (ticks < 2 || Integer.bitCount(ticks) != 1)
        {
            throw new IllegalArgumentException("ringDepthTicks must be a power of two >= 2, got " + ticks);
        }
        this.ringDepthTicks = ticks;
        return this;
    }

    /** Sent packets remembered for ack processing (power of two, default 256). An ack older than this is ignored. */
    public SnapshotConfig packetHistory(final int packets)
    {
        if (packets < 2 || Integer.bitCount(packets) != 1 || packets > 32768)
        {
            throw new IllegalArgumentException("packetHistory must be a power of two in 2..32768, got " + packets);
        }
        this.packetHistory = packets;
        return this;
    }

    /**
     * How late (in ticks behind the newest applied) a snapshot may arrive and still be applied; later ones are
     * refused as stale. Baselines are then at most {@code ringDepthTicks - maxReorderTicks - 1} ticks old, which
     * guarantees the receiver still holds every baseline a snapshot names. Default: a quarter of the ring
     * depth (16 ticks, 267 ms at 60 Hz, with the default depth).
     */
    public SnapshotConfig maxReorderTicks(final int ticks)
    {
        if (ticks < 0)
        {
            throw new IllegalArgumentException("maxReorderTicks must be >= 0, got " + ticks);
        }
        this.maxReorderTicks = ticks;
        return this;
    }

    /** @return the reorder window in ticks. */
    public int maxReorderTicks()
    {
        final int ticks = maxReorderTicks < 0 ? ringDepthTicks / 4 : maxReorderTicks;
        if (ticks >= ringDepthTicks - 1)
        {
            throw new IllegalStateException("maxReorderTicks " + ticks + " leaves no usable baseline age with ring depth " +
                ringDepthTicks);
        }
        return ticks;
    }

    /** @return the oldest usable baseline age in ticks: {@code ringDepthTicks - maxReorderTicks - 1}. */
    public int maxBaselineAgeTicks()
    {
        return ringDepthTicks - maxReorderTicks() - 1;
    }

    /**
     * Frame every snapshot and send it range-coded when that is smaller than bitpacked (a bitpacked frame starts
     * with a format byte 0, a range-coded frame never does)
     * (default false: unframed bitpacked snapshots). Range coding is context-modeled: residuals per component
     * in contexts of the object's motion, the object set against an earlier snapshot, and statistics carried
     * from the newest acked packet ({@link #modelRingDepth}), so frequent values cost fractions of a bit
     * (figures in {@code src/site/results.md}). The cost: the sender codes every packet twice, each end holds
     * a ring of coder models, and decoding is slower. Both ends must agree. Format:
     * {@code src/site/wire-format.md}.
     */
    public SnapshotConfig rangeCoded(final boolean enabled)
    {
        this.rangeCoded = enabled;
        return this;
    }

    /**
     * Sender only: anchor a packet's tick to the newest packet whose ack arrived, when it is close enough, instead of
     * sending all 32 bits (default true; {@code PacketTick}, {@code src/site/wire-format.md}): about 5 bits a packet
     * instead of 32 on a link whose round trip is a few ticks. The receiver must then be told each packet's sequence
     * ({@code SnapshotReceiver.decode(reader, sequence)}, as {@code SnapshotReplica} does); a receiver that is not
     * refuses anchored packets as a missing baseline. False for a link without packet sequences: every tick whole.
     * The receiver reads either without a setting. With sequences the sender requires each packet's sequence to follow
     * the previous one's (1..32767 later, modulo 2^16) and its tick to be greater.
     */
    public SnapshotConfig shortTicks(final boolean enabled)
    {
        this.shortTicks = enabled;
        return this;
    }

    /** @return true when the sender may anchor ticks ({@link #shortTicks(boolean)}). */
    public boolean shortTicks()
    {
        return shortTicks;
    }

    /** @return true when snapshots are framed and range-coded where smaller. */
    public boolean rangeCoded()
    {
        return rangeCoded;
    }

    /**
     * Add the settings both ends must share to a connection's fingerprint: {@link #ringDepthTicks},
     * {@link #maxReorderTicks}, {@link #rangeCoded} and, range-coded, {@link #modelRingDepth}. The sender-only
     * settings (resends, repeats, unacked references, short ticks) are left out: each end may tune them alone.
     *
     * @param fingerprint the digest being built.
     */
    public void addWireSettingsTo(final WireFingerprint fingerprint)
    {
        fingerprint.add(ringDepthTicks).add(maxReorderTicks()).add(rangeCoded).add(rangeCoded ? modelRingDepth() : 0);
    }

    /**
     * How many times a state that stopped changing is sent again, on the object's next opportunities, before
     * the sender waits for an ack (default 1: sent twice). Until an ack covers one of those packets the
     * receiver may not hold the state, but re-sending it every tick for a round trip repeats the same bits
     * about RTT / tick times; a repeat or two already survives most losses, and {@link #resendTimeoutTicks}
     * covers the rest. 0 sends it once; a value larger than the round trip in ticks (for example
     * {@link Integer#MAX_VALUE}) restores sending it every tick until acked.
     */
    public SnapshotConfig unchangedRepeats(final int repeats)
    {
        if (repeats < 0)
        {
            throw new IllegalArgumentException("unchangedRepeats must be >= 0, got " + repeats);
        }
        this.unchangedRepeats = repeats;
        return this;
    }

    /** @return extra sends of an unchanged, unacked state before waiting for an ack. */
    public int unchangedRepeats()
    {
        return unchangedRepeats;
    }

    /**
     * Ticks after its last send that an unchanged state which has used up its {@link #unchangedRepeats} is
     * sent again when no ack has covered it yet (default 12 ticks, 200 ms at 60 Hz: above a 100 ms round trip
     * plus jitter and ack delay). This bounds how long a replica can miss an object's final state when every
     * packet carrying it was lost. Too short re-sends states whose ack is merely in flight; too long leaves a
     * lost final state wrong for longer. {@code SnapshotAuthority} raises it at run time from the measured
     * round trip and uses this value as its floor. Must be > 0.
     */
    public SnapshotConfig resendTimeoutTicks(final int ticks)
    {
        if (ticks <= 0)
        {
            throw new IllegalArgumentException("resendTimeoutTicks must be > 0, got " + ticks);
        }
        this.resendTimeoutTicks = ticks;
        return this;
    }

    /** @return ticks before an unchanged, unacked state that used up its repeats is sent again. */
    public int resendTimeoutTicks()
    {
        return resendTimeoutTicks;
    }

    /**
     * Sender only: repeat an object's previous-tick state in the next packet (see {@code PreviousTickStates} and
     * {@code src/site/wire-format.md}) when a replica that lost that tick's snapshot and blended straight across it,
     * from the tick before to the tick after, would show it more than this many metres off (its motion bent: a
     * collision, an impulse); also always when the sender held the object back that tick. Not in a packet that names
     * a packet of that tick or later (a replica that applies it holds that one, so it did not lose them all). Only in
     * packets that every candidate fits (an unbudgeted or roomy link): under a binding budget the bytes go to objects
     * not sent at all. {@code Double.POSITIVE_INFINITY} turns it off; the receiver reads either. Default
     * {@link #DEFAULT_PREVIOUS_STATE_BLEND_ERROR_M}.
     */
    public SnapshotConfig previousStateBlendErrorM(final double metres)
    {
        if (!(metres >= 0))
        {
            throw new IllegalArgumentException("previousStateBlendErrorM must be >= 0, got " + metres);
        }
        this.previousStateBlendErrorM = metres;
        return this;
    }

    /**
     * Sender only: resend the corners of objects' paths (the ticks where a straight blend between the states the
     * replica holds would be more than {@link #previousStateBlendErrorM} off: a strike, a bounce) as previous-tick
     * states up to this many ticks old, choosing from the acks what the replica holds: a send counts as held once its
     * packet is acked or while it is younger than {@link #cornerRepeatLossAfterTicks}, and as lost after that. 0
     * (default): off, and packets repeat only the previous-tick states of ticks 1 and 2 ago (see
     * {@link #previousStateBlendErrorM}). On, it replaces those, and under a binding budget the repeats travel with
     * their objects (each object's repeats are measured with it when the budget is fitted); a rate control should
     * then send first the objects that want a repeat ({@code SnapshotSender.wantsCornerRepeat}).
     *
     * <p>The replica's display must be able to use a state this old: set its interpolation delay to at least this
     * plus the one-way transit in ticks. Why and what it buys (results.md, "Corner repeats"): on the cubes run at
     * 128 kbps with 5% loss the largest displayed error fell from 0.28-0.47 m (14 seeds) to 0.081-0.093 m on 13 of
     * them and 0.105 m on the fourteenth, with 20 ticks and a 24-tick (400 ms) display delay, where a longer delay
     * alone bought nothing. The receiver needs no setting. Must be in 0..32; 0 for off.
     */
    public SnapshotConfig cornerRepeatMaxAgeTicks(final int ticks)
    {
        if (ticks < 0 || ticks > MAX_CORNER_REPEAT_AGE_TICKS)
        {
            throw new IllegalArgumentException(
                "cornerRepeatMaxAgeTicks must be 0.." + MAX_CORNER_REPEAT_AGE_TICKS + ", got " + ticks);
        }
        this.cornerRepeatMaxAgeTicks = ticks;
        return this;
    }

    /** @return the oldest corner state resent, ticks; 0: corner repeats off. */
    public int cornerRepeatMaxAgeTicks()
    {
        return cornerRepeatMaxAgeTicks;
    }

    /**
     * Sender only, with {@link #cornerRepeatMaxAgeTicks} on: ticks after its packet that an unacked send counts as
     * lost, >= 1. The round trip of the link in ticks; {@code SnapshotRateControl} keeps the sender at the measured
     * one ({@code SnapshotSender.cornerRepeatLossAfterTicks}). Shorter resends states whose ack was only late (bits
     * for nothing); longer resends a lost one too late for the display. Default
     * {@link #DEFAULT_CORNER_REPEAT_LOSS_AFTER_TICKS}.
     */
    public SnapshotConfig cornerRepeatLossAfterTicks(final int ticks)
    {
        if (ticks < 1)
        {
            throw new IllegalArgumentException("cornerRepeatLossAfterTicks must be >= 1, got " + ticks);
        }
        this.cornerRepeatLossAfterTicks = ticks;
        return this;
    }

    /** @return ticks after its packet that an unacked send counts as lost, for corner repeats. */
    public int cornerRepeatLossAfterTicks()
    {
        return cornerRepeatLossAfterTicks;
    }

    /** @return the blend error above which a previous-tick state is repeated, metres (infinite: never). */
    public double previousStateBlendErrorM()
    {
        return previousStateBlendErrorM;
    }

    /**
     * Most this many ticks old, sender only: let a packet delta against the packet written just before it before
     * that one is acked, if that one named only acked baselines (or, with {@link #unackedReferenceChainDepth} above
     * 1, a short enough chain of unacked ones; {@code UnackedReference}). Default 0: every baseline is an acked
     * state, and a packet is decodable whatever was lost before it.
     *
     * <p>The trade. With a 100 ms round trip an object's newest acked state is about 8 ticks old; the state sent one
     * tick ago predicts it far better. On the cubes scene at the default link (results.md, "Unacked references")
     * 1 tick saves about 17% of the bits. The price is loss: a replica that lost the referenced packet refuses
     * this one too ({@code DecodeResult.BASELINE_MISSING}, counted; it changes nothing and is not acked), so a lost
     * packet can cost two ticks instead of one. With the default chain depth no chain forms: a packet that names an
     * unacked one is never itself named, so every other packet at most is exposed, and each depends on one packet
     * only. While acks come back before the next packet is written (a round trip under a tick), the previous packet
     * is named only until its ack is seen to be late, which there means lost: then nothing is named, and the acked
     * baseline is as young anyway. The receiver needs no
     * setting (the format is unchanged). With a send every N ticks (a budget's send rate) the previous packet is N
     * ticks old, so set at least N to use it there. Must be in 0..{@link #maxBaselineAgeTicks}.
     */
    public SnapshotConfig unackedReferenceMaxAgeTicks(final int ticks)
    {
        if (ticks < 0)
        {
            throw new IllegalArgumentException("unackedReferenceMaxAgeTicks must be >= 0, got " + ticks);
        }
        this.unackedReferenceMaxAgeTicks = ticks;
        return this;
    }

    /**
     * Sender only, with {@link #unackedReferenceMaxAgeTicks} on: most unacked packets a packet may depend on, in a
     * chain (a packet naming the previous one, which named the one before, ...). Default
     * {@link #DEFAULT_UNACKED_REFERENCE_CHAIN_DEPTH}: a packet may name the previous one only if that one named acked
     * baselines alone, so clean and referencing packets alternate and a lost packet takes down at most the next one.
     * Deeper chains save more bits and lose more: on the cube run at the default link (5% loss) 1 gives 0.447x
     * fiedler-2015 with a largest displayed error of 0.090 m, 2 gives 0.407x and 0.367 m, 3 0.387x and 0.514 m
     * (measured 2026-11-29; results.md, "Fewer bits, round 8", for the trade over six seeds), since a lost packet then
     * takes down up to that many packets after it. On a link that loses nothing a deeper chain costs nothing: see
     * {@link #unackedReferenceLosslessChainDepth}. Must be in
     * 1..{@link #MAX_UNACKED_REFERENCE_CHAIN_DEPTH}.
     */
    public SnapshotConfig unackedReferenceChainDepth(final int packets)
    {
        if (packets < 1 || packets > MAX_UNACKED_REFERENCE_CHAIN_DEPTH)
        {
            throw new IllegalArgumentException("unackedReferenceChainDepth must be in 1.." +
                MAX_UNACKED_REFERENCE_CHAIN_DEPTH + ", got " + packets);
        }
        this.unackedReferenceChainDepth = packets;
        return this;
    }

    /** @return most unacked packets a packet may depend on, in a chain. */
    public int unackedReferenceChainDepth()
    {
        return unackedReferenceChainDepth;
    }

    /**
     * Sender only, with {@link #unackedReferenceMaxAgeTicks} on: the chain depth once the link has lost nothing for
     * {@link #unackedReferenceLosslessAfterTicks}; a depth below {@link #unackedReferenceChainDepth} counts as that
     * one. Default {@link #DEFAULT_UNACKED_REFERENCE_LOSSLESS_CHAIN_DEPTH}: no change.
     *
     * <p>Why: a deeper chain is bits for free while nothing is lost, since every packet is decoded whatever it
     * names. On the cube run at the default link without loss (120 s), depth 3 against 1 is 0.407x fiedler-2015
     * against 0.432x with the same displayed errors (0.376x with a 300-tick spell); on Fiedler's own link 79.9 kbps
     * against 81.7 (results.md, "A deeper chain while nothing is lost"). What it costs is the first loss after a
     * clean spell: that packet takes down up to this many after it before the sender judges the loss (it judges a
     * packet lost when its ack is more than twice as late as the slowest recent ack, plus a tick: about two round
     * trips) and goes back to the configured depth. The sender judges from the acks it is given, so the receiver needs no setting. Must be in
     * 1..{@link #MAX_UNACKED_REFERENCE_CHAIN_DEPTH}.
     */
    public SnapshotConfig unackedReferenceLosslessChainDepth(final int packets)
    {
        if (packets < 1 || packets > MAX_UNACKED_REFERENCE_CHAIN_DEPTH)
        {
            throw new IllegalArgumentException("unackedReferenceLosslessChainDepth must be in 1.." +
                MAX_UNACKED_REFERENCE_CHAIN_DEPTH + ", got " + packets);
        }
        this.unackedReferenceLosslessChainDepth = packets;
        return this;
    }

    /** @return the chain depth after a clean spell, as set (the sender uses at least {@link #unackedReferenceChainDepth}). */
    public int unackedReferenceLosslessChainDepth()
    {
        return unackedReferenceLosslessChainDepth;
    }

    /**
     * Sender only: how long a clean spell must be before {@link #unackedReferenceLosslessChainDepth} applies, in
     * ticks between the first and the newest packet judged delivered since the last packet judged lost. Default
     * {@link #DEFAULT_UNACKED_REFERENCE_LOSSLESS_AFTER_TICKS} (30 s at 60 Hz). Longer keeps a link that loses a packet
     * now and then at the configured depth more of the time, where the deep chain's first loss costs the most: a
     * loss rate p per tick meets a deep chain at most once per {@code e * ticks} ticks (the worst rate is p = 1 /
     * ticks), so 1800 ticks bounds it to one loss in about 80 s. Shorter saves bits sooner on a clean link. Must be at
     * least 1.
     */
    public SnapshotConfig unackedReferenceLosslessAfterTicks(final int ticks)
    {
        if (ticks < 1)
        {
            throw new IllegalArgumentException("unackedReferenceLosslessAfterTicks must be >= 1, got " + ticks);
        }
        this.unackedReferenceLosslessAfterTicks = ticks;
        return this;
    }

    /** @return ticks of clean spell before the lossless chain depth applies. */
    public int unackedReferenceLosslessAfterTicks()
    {
        return unackedReferenceLosslessAfterTicks;
    }

    /** @return oldest the previous, unacked packet may be and still serve as a baseline, ticks; 0: never. */
    public int unackedReferenceMaxAgeTicks()
    {
        if (unackedReferenceMaxAgeTicks > maxBaselineAgeTicks())
        {
            throw new IllegalStateException("unackedReferenceMaxAgeTicks " + unackedReferenceMaxAgeTicks +
                " exceeds the oldest usable baseline age " + maxBaselineAgeTicks());
        }
        return unackedReferenceMaxAgeTicks;
    }

    /** @return ticks of state history per object. */
    public int ringDepthTicks()
    {
        return ringDepthTicks;
    }

    /** @return sent packets remembered. */
    public int packetHistory()
    {
        return packetHistory;
    }
}
