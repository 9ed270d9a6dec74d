/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
/**
 * Reliable endpoints over real UDP: non-blocking {@link java.nio.channels.DatagramChannel}s with direct
 * buffers wrapped by Agrona {@link org.agrona.concurrent.UnsafeBuffer}s. A
 * {@link dev.statesync.sync.udp.UdpClient} talks to one {@link dev.statesync.sync.udp.UdpServer}, which
 * serves up to a fixed number of clients keyed by address and drops idle ones. The CRC32C integrity
 * trailer is on by default here.
 */
package dev.statesync.sync.udp;
