package dev.statesync.codec.snapshot;

/** Why a snapshot was or was not applied. Every value but {@link #OK} leaves the receiver untouched. */
public enum DecodeResult
{
    /** Decoded and applied. */
    OK,
    /** Truncated, out-of-range or otherwise malformed bytes. */
    MALFORMED,
    /** Older than the newest applied snapshot by more than the reorder window. */
    STALE,
    /** A delta named a baseline state the receiver does not hold (never received, or expired). */
    BASELINE_MISSING
}
