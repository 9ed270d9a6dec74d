package dev.statesync.sync.predict;

/** State of one 2D rigid body: position (m), angle (rad), linear (m/s) and angular (rad/s) velocity. */
final class BodyState
{
    float x;
    float y;
    float angle;
    float vx;
    float vy;
    float angularVelocity;
}
