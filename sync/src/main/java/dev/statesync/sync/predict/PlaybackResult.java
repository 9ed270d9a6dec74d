package dev.statesync.sync.predict;

/** How {@link RemoteObjectInterpolator#sample} produced a pose. */
public enum PlaybackResult
{
    /** No sample yet: the output was not written. */
    EMPTY,
    /** Playback time is before the oldest sample: the oldest pose, held. */
    HELD_OLDEST,
    /** Between two samples: Hermite position, slerp rotation. The normal case. */
    INTERPOLATED,
    /** Past the newest sample (starved): extrapolated with its velocity, bounded in time. */
    EXTRAPOLATED
}
