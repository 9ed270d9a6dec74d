/**
 * Deterministic prediction of an object's state from its acked baselines, in integer and fixed-point
 * arithmetic so both ends compute identical records: hold, linear extrapolation, the ballistic model of an
 * engine's integrator ({@link dev.statesync.codec.predict.IntegratorModel}), quaternion extrapolation, and
 * the cheapest-of choice per object.
 */
package dev.statesync.codec.predict;
