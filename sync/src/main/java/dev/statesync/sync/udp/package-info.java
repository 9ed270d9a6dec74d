/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
/**
 * Reliable endpoints over real UDP: non-blocking {@link java.nio.channels.DatagramChannel}s with direct buffers
 * wrapped by Agrona {@link org.agrona.concurrent.UnsafeBuffer}s. A {@link dev.statesync.sync.udp.UdpClient} connects
 * to a {@link dev.statesync.sync.udp.UdpServer} through a stateless-cookie handshake with an X25519 key exchange
 * (src/site/wire-format.md, "Connection handshake"); every datagram of the connection then carries a SipHash-2-4 tag
 * under the derived per-direction keys. The server serves up to a fixed number of clients keyed by address,
 * rate-limits handshakes, and drops idle clients; every datagram either side refuses is counted
 * ({@link dev.statesync.sync.udp.UdpServerCounters}, {@link dev.statesync.sync.udp.UdpClientCounters}; see
 * src/site/counters.md).
 */
package dev.statesync.sync.udp;
