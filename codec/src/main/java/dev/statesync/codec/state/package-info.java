/**
 * What an object state is on the wire: the {@link dev.statesync.codec.state.StateSchema} (which fields, how
 * many bits), the flat int records of {@link dev.statesync.codec.state.QuantizedStates}, the {@link
 * dev.statesync.codec.state.StateRecord} flyweight that reads and writes one record by field wherever it
 * lives (states, baseline rings, scratch), and the {@link dev.statesync.codec.state.AtRestDetector} that
 * decides when an object is forced to rest.
 */
package dev.statesync.codec.state;
