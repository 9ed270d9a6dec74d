/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.SipHash24;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

/**
 * Layouts of the connection control packets that share a {@link UdpServer}'s socket with reliable.io datagrams
 * (src/site/wire-format.md, "Connection handshake"). All integers are little-endian.
 * <p>
 * Byte 0 tells the two apart without any other state: a reliable.io prefix never sets bits 6 and 7 (an endpoint
 * refuses such a datagram as malformed), so every control packet starts with {@code 0xC0 | type}.
 * <p>
 * Sizes are fixed, and each reply the server sends before an address has proven it receives what is sent to it
 * is smaller than the packet that caused it: a REQUEST is padded to {@value #REQUEST_BYTES} bytes and answered by a
 * {@value #CHALLENGE_BYTES}-byte CHALLENGE or a {@value #DENIED_BYTES}-byte DENIED, so a spoofed source address
 * cannot turn the server into an amplifier.
 */
final class HandshakePackets
{
    /** Bits 6 and 7 of byte 0: set in every control packet, never in a reliable.io prefix. */
    static final int CONTROL_MARKER = 0xC0;

    /**
     * Client to server: protocol, version, the client's ephemeral X25519 public key and its settings fingerprint,
     * zero padded.
     */
    static final int REQUEST = 0xC1;
    /** Server to client: the server's public key and a cookie bound to the client's address and key. */
    static final int CHALLENGE = 0xC2;
    /** Client to server: the client's public key and the echoed cookie. */
    static final int RESPONSE = 0xC3;
    /** Either way, MAC'd with the sender's link key: "still here"; the server's first one confirms the slot. */
    static final int KEEP_ALIVE = 0xC4;
    /**
     * Server to client: no free slot, or settings that differ from the server's ({@link DeniedReason}). Echoes the
     * first bytes of the client's key, so only an on-path host can forge it.
     */
    static final int DENIED = 0xC5;
    /** Either way, MAC'd with the sender's link key: the connection is over. */
    static final int DISCONNECT = 0xC6;

    /**
     * Version of this handshake format, byte 9 of a REQUEST. 2: the REQUEST carries the settings fingerprint and
     * the DENIED a reason.
     */
    static final int VERSION = 2;
    /** Raw X25519 public key: the little-endian u-coordinate (RFC 7748). */
    static final int PUBLIC_KEY_BYTES = 32;
    /** Cookie tag: HmacSHA256 truncated to 16 bytes. */
    static final int COOKIE_TAG_BYTES = 16;

    static final int REQUEST_PROTOCOL_ID_OFFSET = 1;
    static final int REQUEST_VERSION_OFFSET = 9;
    static final int REQUEST_KEY_OFFSET = 10;
    static final int REQUEST_SETTINGS_OFFSET = REQUEST_KEY_OFFSET + PUBLIC_KEY_BYTES;
    static final int REQUEST_PADDING_OFFSET = REQUEST_SETTINGS_OFFSET + 8;
    /** A REQUEST is padded with zeros to this size, larger than any reply to it. */
    static final int REQUEST_BYTES = 256;

    static final int CHALLENGE_CLIENT_KEY_OFFSET = 1;
    static final int CHALLENGE_SERVER_KEY_OFFSET = CHALLENGE_CLIENT_KEY_OFFSET + PUBLIC_KEY_BYTES;
    static final int CHALLENGE_EXPIRY_OFFSET = CHALLENGE_SERVER_KEY_OFFSET + PUBLIC_KEY_BYTES;
    static final int CHALLENGE_TAG_OFFSET = CHALLENGE_EXPIRY_OFFSET + 8;
    static final int CHALLENGE_BYTES = CHALLENGE_TAG_OFFSET + COOKIE_TAG_BYTES;

    static final int RESPONSE_KEY_OFFSET = 1;
    static final int RESPONSE_EXPIRY_OFFSET = RESPONSE_KEY_OFFSET + PUBLIC_KEY_BYTES;
    static final int RESPONSE_TAG_OFFSET = RESPONSE_EXPIRY_OFFSET + 8;
    static final int RESPONSE_BYTES = RESPONSE_TAG_OFFSET + COOKIE_TAG_BYTES;

    static final int CONTROL_INDEX_OFFSET = 1;
    static final int CONTROL_SEQUENCE_OFFSET = 3;
    static final int CONTROL_TAG_OFFSET = 11;
    /** KEEP_ALIVE and DISCONNECT: type, u16 client index, u64 control sequence, 8-byte SipHash-2-4 tag. */
    static final int CONTROL_BYTES = CONTROL_TAG_OFFSET + 8;
    /** Client index of a client that has not been told its slot yet. */
    static final int UNKNOWN_CLIENT_INDEX = 0xFFFF;

    static final int DENIED_KEY_OFFSET = 1;
    static final int DENIED_KEY_BYTES = 16;
    static final int DENIED_REASON_OFFSET = DENIED_KEY_OFFSET + DENIED_KEY_BYTES;
    static final int DENIED_BYTES = DENIED_REASON_OFFSET + 1;

    private HandshakePackets()
    {
    }

    /**
     * @param firstByte byte 0 of a datagram.
     * @return true when it is a control packet rather than a reliable.io datagram.
     */
    static boolean isControl(final byte firstByte)
    {
        return (firstByte & CONTROL_MARKER) == CONTROL_MARKER;
    }

    /**
     * Write a KEEP_ALIVE or DISCONNECT signed with the sender's link key.
     *
     * @param buffer      destination, at least {@link #CONTROL_BYTES} long.
     * @param type        {@link #KEEP_ALIVE} or {@link #DISCONNECT}.
     * @param clientIndex the client's slot, or {@link #UNKNOWN_CLIENT_INDEX}.
     * @param sequence    this direction's control sequence, increasing per packet.
     * @param k0          low half of the sender's key.
     * @param k1          high half of the sender's key.
     * @return {@link #CONTROL_BYTES}.
     */
    static int writeControl(
        final MutableDirectBuffer buffer,
        final int type,
        final int clientIndex,
        final long sequence,
        final long k0,
        final long k1)
    {
        buffer.putByte(0, (byte)type);
        buffer.putShort(CONTROL_INDEX_OFFSET, (short)clientIndex, ByteOrder.LITTLE_ENDIAN);
        buffer.putLong(CONTROL_SEQUENCE_OFFSET, sequence, ByteOrder.LITTLE_ENDIAN);
        buffer.putLong(CONTROL_TAG_OFFSET, SipHash24.hash(k0, k1, buffer, 0, CONTROL_TAG_OFFSET), ByteOrder.LITTLE_ENDIAN);
        return CONTROL_BYTES;
    }

    /**
     * @param buffer holds a datagram of exactly {@link #CONTROL_BYTES} at offset 0 (hostile bytes).
     * @param k0     low half of the peer's sending key.
     * @param k1     high half of that key.
     * @return true when the tag matches; compared in constant time.
     */
    static boolean verifyControl(final DirectBuffer buffer, final long k0, final long k1)
    {
        final long expected = SipHash24.hash(k0, k1, buffer, 0, CONTROL_TAG_OFFSET);
        return (expected ^ buffer.getLong(CONTROL_TAG_OFFSET, ByteOrder.LITTLE_ENDIAN)) == 0;
    }

    /**
     * @param buffer holds a control packet at offset 0.
     * @return its control sequence.
     */
    static long controlSequence(final DirectBuffer buffer)
    {
        return buffer.getLong(CONTROL_SEQUENCE_OFFSET, ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * @param buffer holds a control packet at offset 0.
     * @return its client index field.
     */
    static int controlClientIndex(final DirectBuffer buffer)
    {
        return buffer.getShort(CONTROL_INDEX_OFFSET, ByteOrder.LITTLE_ENDIAN) & 0xFFFF;
    }

    /**
     * Compare bytes in time that depends only on the length, so a forger learns nothing from how long a refusal took.
     *
     * @param a       first buffer.
     * @param aOffset where the bytes start in a.
     * @param b       second buffer.
     * @param bOffset where the bytes start in b.
     * @param length  bytes to compare, a multiple of 8.
     * @return true when equal.
     */
    static boolean equalInConstantTime(
        final DirectBuffer a, final int aOffset, final DirectBuffer b, final int bOffset, final int length)
    {
        long difference = 0;
        for (int i = 0; i < length; i += 8)
        {
            difference |= a.getLong(aOffset + i, ByteOrder.LITTLE_ENDIAN) ^ b.getLong(bOffset + i, ByteOrder.LITTLE_ENDIAN);
        }
        return difference == 0;
    }
}
