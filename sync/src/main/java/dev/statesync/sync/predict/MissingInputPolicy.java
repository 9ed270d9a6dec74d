package dev.statesync.sync.predict;

/**
 * What the server applies on a tick whose input has not arrived in time. Either way the server still advances
 * the client's object exactly one tick, so a client cannot stall its object (or gain time) by withholding or
 * delaying inputs.
 */
public enum MissingInputPolicy
{
    /**
     * Apply the neutral input ({@link InputCodec#setNeutral}): the object stays rooted until the connection
     * recovers instead of coasting across the map on a guess (the default, as in "Client-side prediction with
     * physics in Unity").
     */
    HOLD_STILL,

    /** Repeat the last input applied: right more often for held buttons, wrong for a release. */
    REPEAT_LAST
}
