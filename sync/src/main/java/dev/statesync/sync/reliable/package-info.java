/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
/**
 * The reliability layer: a Java implementation of the reliable.io protocol (Glenn Fiedler's
 * {@code reliable}), wire compatible with it when the optional CRC32C trailer is off.
 * <p>
 * It does not resend: it numbers packets, acks them redundantly (newest sequence plus 32 bits), tells the
 * sender exactly once which packets arrived, estimates RTT, loss and bandwidth, and splits packets above
 * a threshold into fragments. Start at {@link dev.statesync.sync.reliable.ReliableEndpoint} and
 * {@link dev.statesync.sync.reliable.ReliableConfig}; the wire formats are in
 * {@link dev.statesync.sync.reliable.PacketHeader} and {@link dev.statesync.sync.reliable.FragmentHeader}.
 */
package dev.statesync.sync.reliable;
