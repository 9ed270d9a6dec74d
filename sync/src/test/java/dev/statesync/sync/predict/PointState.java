package dev.statesync.sync.predict;

/** State of a point mass in the plane, for the pure step-function style. */
final class PointState
{
    float x;
    float y;
    float vx;
    float vy;
}
