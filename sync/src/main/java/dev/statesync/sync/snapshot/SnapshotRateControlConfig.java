package dev.statesync.sync.snapshot;

import dev.statesync.codec.priority.ErrorPriorityConfig;

/**
 * How one snapshot connection spends a bandwidth budget ({@link SnapshotRateControl}), with documented defaults:
 * the rate-distortion controller (priority by expected error, a send interval chosen by the budget) unless
 * {@link #rateDistortion(boolean) turned off}, in which case a budget is spent as before it: fixed priority factors
 * (the connection's important object, then changed objects, then the rest) and a snapshot every tick.
 *
 * <p>Coarser quantization, the controller's third lever, is not here: it is the {@code StateSchema}'s precision, which
 * both ends must share (see {@code QuantizationForError}).
 */
public final class SnapshotRateControlConfig
{
    /** {@link #sendIntervalTicks} that lets a {@code SendRateController} choose the interval from the budget. */
    public static final int SEND_INTERVAL_AUTO = 0;
    /**
     * Default longest interval the controller chooses: 4 ticks (67 ms at 60 Hz), within what a replica that
     * interpolates shows with little error.
     */
    public static final int DEFAULT_MAX_SEND_INTERVAL_TICKS = 4;
    /** IPv4 (20) and UDP (8) header bytes every datagram adds on the wire (the server's figure). */
    public static final int IP_UDP_HEADER_BYTES = SnapshotServer.IP_UDP_HEADER_BYTES;
    /** Largest reliability header of an unfragmented packet (prefix, sequence, ack, ack bits), bytes. */
    public static final int RELIABLE_HEADER_MAX_BYTES = 9;
    /**
     * Default {@link #integrityTagBytes}: 8, the SipHash-2-4 tag every datagram of an authenticated (default) link
     * carries.
     */
    public static final int DEFAULT_INTEGRITY_TAG_BYTES = 8;
    /** Smallest payload budget a snapshot link accepts, bytes. */
    public static final int MIN_PAYLOAD_BYTES = 16;
    /** Default largest payload of one snapshot: 15 KiB, within the reliability layer's 16 fragments of 1 KiB. */
    public static final int DEFAULT_MAX_PAYLOAD_BYTES = 15 * 1024;
    /** Ticks {@link #inFlightTicks} adds to the round trip and twice its jitter: the ack's own wait for a packet. */
    public static final int IN_FLIGHT_MARGIN_TICKS = 2;

    private double budgetBitsPerSecond;
    private int tickRateHz = SnapshotLinkConfig.DEFAULT_TICK_RATE_HZ;
    private boolean errorPriority = true;
    private ErrorPriorityConfig errorPriorityConfig = new ErrorPriorityConfig();
    private int sendIntervalTicks = SEND_INTERVAL_AUTO;
    private int maxSendIntervalTicks = DEFAULT_MAX_SEND_INTERVAL_TICKS;
    private int maxPayloadBytes = DEFAULT_MAX_PAYLOAD_BYTES;
    private int integrityTagBytes = DEFAULT_INTEGRITY_TAG_BYTES;
    private boolean inFlightFromRoundTrip = true;

    /**
     * The budget on the wire, framing included (IP, UDP and reliability headers), bits per second; 0 (the default)
     * for none: every changed object in every snapshot, in index order, and no priorities.
     */
    public SnapshotRateControlConfig budgetBitsPerSecond(final double bitsPerSecond)
    {
        if (!(bitsPerSecond >= 0) || Double.isInfinite(bitsPerSecond))
        {
            throw new IllegalArgumentException("budgetBitsPerSecond must be finite and >= 0, got " + bitsPerSecond);
        }
        budgetBitsPerSecond = bitsPerSecond;
        return this;
    }

    /** @return the budget, bits per second; 0 for none. */
    public double budgetBitsPerSecond()
    {
        return budgetBitsPerSecond;
    }

    /** @return true when a budget is set. */
    public boolean budgeted()
    {
        return budgetBitsPerSecond > 0;
    }

    /** Ticks per second, one possible snapshot each (default 60); > 0. */
    public SnapshotRateControlConfig tickRateHz(final int hz)
    {
        if (hz <= 0)
        {
            throw new IllegalArgumentException("tickRateHz must be > 0, got " + hz);
        }
        tickRateHz = hz;
        return this;
    }

    /** @return ticks per second. */
    public int tickRateHz()
    {
        return tickRateHz;
    }

    /**
     * Priority by expected error ({@code ErrorPriorityPolicy}, default true) or, false, by fixed factors. Only a
     * budget orders objects; unbudgeted, every changed object goes out.
     */
    public SnapshotRateControlConfig errorPriority(final boolean enabled)
    {
        errorPriority = enabled;
        return this;
    }

    /** @return true for priority by expected error under a budget. */
    public boolean errorPriority()
    {
        return errorPriority;
    }

    /** Settings of the error priority policy (copied when the control is built). */
    public SnapshotRateControlConfig errorPriorityConfig(final ErrorPriorityConfig config)
    {
        if (config == null)
        {
            throw new IllegalArgumentException("config is required");
        }
        errorPriorityConfig = config;
        return this;
    }

    /** @return settings of the error priority policy. */
    public ErrorPriorityConfig errorPriorityConfig()
    {
        return errorPriorityConfig;
    }

    /**
     * Ticks between snapshots: {@link #SEND_INTERVAL_AUTO} (the default) lets a {@code SendRateController} choose
     * 1 .. {@link #maxSendIntervalTicks} from the budget (every tick when unbudgeted); N sends every N ticks.
     */
    public SnapshotRateControlConfig sendIntervalTicks(final int ticks)
    {
        if (ticks < 0)
        {
            throw new IllegalArgumentException("sendIntervalTicks must be >= 0 (0: auto), got " + ticks);
        }
        sendIntervalTicks = ticks;
        return this;
    }

    /** @return ticks between snapshots, or {@link #SEND_INTERVAL_AUTO}. */
    public int sendIntervalTicks()
    {
        return sendIntervalTicks;
    }

    /** Longest interval the automatic choice takes (default 4); >= 1. */
    public SnapshotRateControlConfig maxSendIntervalTicks(final int ticks)
    {
        if (ticks < 1)
        {
            throw new IllegalArgumentException("maxSendIntervalTicks must be >= 1, got " + ticks);
        }
        maxSendIntervalTicks = ticks;
        return this;
    }

    /** @return longest automatic interval, ticks. */
    public int maxSendIntervalTicks()
    {
        return maxSendIntervalTicks;
    }

    /** Largest payload of one snapshot, bytes (default 15 KiB); >= {@link #MIN_PAYLOAD_BYTES}. */
    public SnapshotRateControlConfig maxPayloadBytes(final int bytes)
    {
        if (bytes < MIN_PAYLOAD_BYTES)
        {
            throw new IllegalArgumentException("maxPayloadBytes must be >= " + MIN_PAYLOAD_BYTES + ", got " + bytes);
        }
        maxPayloadBytes = bytes;
        return this;
    }

    /** @return largest payload of one snapshot, bytes. */
    public int maxPayloadBytes()
    {
        return maxPayloadBytes;
    }

    /**
     * Bytes of the integrity tag every datagram carries (default 8, a default link's SipHash tag; 0 for an
     * {@code unauthenticated()} link, 4 for CRC32C): part of each packet's framing, which the budget pays before the
     * payload. Left out, a budget that the payloads fill exactly is exceeded by the tag's bytes on every packet.
     */
    public SnapshotRateControlConfig integrityTagBytes(final int bytes)
    {
        if (bytes < 0)
        {
            throw new IllegalArgumentException("integrityTagBytes must be >= 0, got " + bytes);
        }
        integrityTagBytes = bytes;
        return this;
    }

    /** @return bytes of each datagram's integrity tag. */
    public int integrityTagBytes()
    {
        return integrityTagBytes;
    }

    /**
     * Whether error priority trusts an unacked send for as long as the link's measured round trip says (default
     * true): after each snapshot the control sets {@code ErrorPriorityPolicy.inFlightTicks} to
     * {@link #inFlightTicks(double, double)} of the reliability layer's smoothed RTT and jitter, once it has an RTT
     * sample; {@code ErrorPriorityConfig.inFlightTicks} holds until then. Why: a fixed window is right for one link
     * only; on a client farther away than it assumes, every send still in flight counts as lost and the object is
     * sent again, on a nearer one a lost send is believed for too long. {@code false} keeps the configured window.
     */
    public SnapshotRateControlConfig inFlightFromRoundTrip(final boolean enabled)
    {
        inFlightFromRoundTrip = enabled;
        return this;
    }

    /** @return true when the in-flight window follows the measured round trip. */
    public boolean inFlightFromRoundTrip()
    {
        return inFlightFromRoundTrip;
    }

    /**
     * The round trip in whole ticks, at least 1: after that long an unacked packet is taken as lost by corner repeats
     * ({@code SnapshotSender.cornerRepeatLossAfterTicks}). Shorter than {@link #inFlightTicks}, which must not doubt
     * a send too early; this one would rather resend a state whose ack is late than resend a lost one too late for
     * the display (measured on the cubes run at 128 kbps: 7 ticks held every seed under 10 cm where 10 left 0.20 m).
     *
     * @param rttMs the measured round trip, ms, finite and >= 0.
     * @return {@code max(1, ceil(rttMs x tickRateHz / 1000))}.
     */
    public int roundTripTicks(final double rttMs)
    {
        if (!(rttMs >= 0) || Double.isInfinite(rttMs))
        {
            throw new IllegalArgumentException("rttMs must be finite and >= 0, got " + rttMs);
        }
        return (int)Math.max(1, Math.min(Integer.MAX_VALUE, Math.ceil(rttMs * tickRateHz / 1000.0)));
    }

    /**
     * The in-flight window of a link: {@code ceil((rttMs + 2 jitterMs) / tick) + }{@link #IN_FLIGHT_MARGIN_TICKS}
     * ticks at {@link #tickRateHz}. Past it an unacked send is taken as lost.
     *
     * @param rttMs    round trip, milliseconds, >= 0 and finite.
     * @param jitterMs its jitter, milliseconds, >= 0 and finite.
     * @return ticks.
     */
    public int inFlightTicks(final double rttMs, final double jitterMs)
    {
        if (!(rttMs >= 0 && jitterMs >= 0) || Double.isInfinite(rttMs) || Double.isInfinite(jitterMs))
        {
            throw new IllegalArgumentException("rttMs and jitterMs must be finite and >= 0, got " + rttMs + ", " +
                jitterMs);
        }
        final double ticks = Math.ceil((rttMs + 2 * jitterMs) * tickRateHz / 1000.0);
        return (int)Math.min(Integer.MAX_VALUE - IN_FLIGHT_MARGIN_TICKS, ticks) + IN_FLIGHT_MARGIN_TICKS;
    }

    /**
     * {@code false} spends a budget as before the rate-distortion controller: fixed priority factors and a snapshot
     * every tick; {@code true} restores the defaults (error priority, automatic interval).
     */
    public SnapshotRateControlConfig rateDistortion(final boolean enabled)
    {
        errorPriority = enabled;
        sendIntervalTicks = enabled ? SEND_INTERVAL_AUTO : 1;
        return this;
    }

    /**
     * The payload budget of a link that sends every {@code intervalTicks} ticks: the budget's bytes of that many
     * ticks, less one packet's framing (IPv4/UDP and reliability headers, integrity tag), within
     * [{@link #MIN_PAYLOAD_BYTES}, {@link #maxPayloadBytes}]. The link's {@code SnapshotLinkConfig.payloadBudgetBytes}
     * must be at least this at {@link #maxSendIntervalTicks} (see {@link #capacityPayloadBytes()}).
     *
     * @param intervalTicks ticks per snapshot, >= 1.
     * @return payload bytes per snapshot; {@link #maxPayloadBytes} when unbudgeted.
     */
    public int payloadBytesPerSnapshot(final int intervalTicks)
    {
        if (!budgeted())
        {
            return maxPayloadBytes;
        }
        final int bytes = (int)Math.floor(budgetBitsPerSecond / 8.0 / tickRateHz * intervalTicks);
        return Math.min(maxPayloadBytes,
            Math.max(MIN_PAYLOAD_BYTES, bytes - IP_UDP_HEADER_BYTES - RELIABLE_HEADER_MAX_BYTES - integrityTagBytes));
    }

    /**
     * @return the payload budget to configure the link with ({@code SnapshotLinkConfig.payloadBudgetBytes}): the
     *         largest any snapshot gets, at the longest interval this config may send at.
     */
    public int capacityPayloadBytes()
    {
        return payloadBytesPerSnapshot(sendIntervalTicks == SEND_INTERVAL_AUTO ?
            maxSendIntervalTicks : Math.max(maxSendIntervalTicks, sendIntervalTicks));
    }
}
