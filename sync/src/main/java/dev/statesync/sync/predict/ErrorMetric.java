package dev.statesync.sync.predict;

/**
 * Measures how far a predicted state is from the authoritative one, so the client decides whether to
 * correct. The user supplies it because only the user knows where position and rotation are in {@code S}.
 *
 * @param <S> state holder.
 */
public interface ErrorMetric<S>
{
    /** @return distance between the two positions, metres, >= 0. */
    double positionErrorM(S predicted, S authoritative);

    /** @return angle between the two rotations, radians, >= 0. */
    double rotationErrorRad(S predicted, S authoritative);
}
