/**
 * Deterministic prediction of an object's state from its acked baselines, in integer and fixed-point
 * arithmetic so both ends compute identical records: hold, linear extrapolation, the ballistic model of an
 * engine's integrator ({@link dev.statesync.codec.predict.IntegratorModel}), quaternion extrapolation, and
 * the cheapest-of choice per object. A {@link dev.statesync.codec.predict.Predictor} reads an object's
 * baselines from a {@link dev.statesync.codec.predict.PredictionInput} the caller refills per object and
 * writes its prediction through a {@link dev.statesync.codec.state.StateRecord} view.
 */
package dev.statesync.codec.predict;
