/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import javax.crypto.Mac;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;

/**
 * The server's stateless cookie: a 16-byte tag, HmacSHA256 under a secret only this server instance holds, truncated,
 * over everything a CHALLENGE commits the server to:
 * <pre>
 * u64 protocol id | u8 address length | address bytes | u16 port | client public key (32) | server public key (32)
 * | u64 expiry (ms, server clock)
 * </pre>
 * The server remembers nothing when it sends a challenge; when the RESPONSE comes back it recomputes the tag from the
 * response's fields and the address it came from. A match proves that this address received our challenge (so it is
 * not spoofed) for this client key, before the expiry, on this server instance. A cookie taken to another address,
 * another key, another expiry or a restarted server does not match.
 * <p>
 * Why HMAC-SHA256 here and SipHash on data packets: a cookie is checked once per handshake packet, not per datagram,
 * the secret never leaves the server, and a 128-bit tag leaves no room for an online forgery. One {@link Mac} is
 * reused and inputs are written to a reused array, so a tag costs the JCA's own {@code doFinal} and nothing else.
 * One owner thread.
 */
final class HandshakeCookie
{
    /** Secret key size, bytes. */
    static final int SECRET_BYTES = 32;

    private static final int MAX_INPUT_BYTES = 8 + 1 + SenderAddress.MAX_IP_BYTES + 2 +
        2 * HandshakePackets.PUBLIC_KEY_BYTES + 8;

    private final Mac mac;
    private final long protocolId;
    private final byte[] serverPublicKey;
    private final byte[] input = new byte[MAX_INPUT_BYTES];
    private final UnsafeBuffer inputBuffer = new UnsafeBuffer(input);
    private final byte[] output = new byte[32];
    private final UnsafeBuffer outputBuffer = new UnsafeBuffer(output);

    /**
     * @param protocolId      the server's protocol id.
     * @param serverPublicKey the server's raw X25519 public key, 32 bytes.
     * @param random          source of the secret.
     */
    HandshakeCookie(final long protocolId, final byte[] serverPublicKey, final SecureRandom random)
    {
        this.protocolId = protocolId;
        this.serverPublicKey = serverPublicKey.clone();
        final byte[] secret = new byte[SECRET_BYTES];
        random.nextBytes(secret);
        try
        {
            mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("HmacSHA256 is required by every Java platform", ex);
        }
    }

    /**
     * Compute the tag; read it with {@link #tag0()} and {@link #tag1()}.
     *
     * @param sender       the client's address.
     * @param packet       holds the client's public key.
     * @param clientKeyOffset where the 32 key bytes start.
     * @param expiryMs     the cookie's expiry, milliseconds of the server clock.
     */
    void compute(final SenderAddress sender, final DirectBuffer packet, final int clientKeyOffset, final long expiryMs)
    {
        int index = 0;
        inputBuffer.putLong(index, protocolId, ByteOrder.LITTLE_ENDIAN);
        index += 8;
        inputBuffer.putByte(index++, (byte)sender.ipLength);
        inputBuffer.putBytes(index, sender.ip, 0, sender.ipLength);
        index += sender.ipLength;
        inputBuffer.putShort(index, (short)sender.port, ByteOrder.LITTLE_ENDIAN);
        index += 2;
        packet.getBytes(clientKeyOffset, input, index, HandshakePackets.PUBLIC_KEY_BYTES);
        index += HandshakePackets.PUBLIC_KEY_BYTES;
        inputBuffer.putBytes(index, serverPublicKey);
        index += HandshakePackets.PUBLIC_KEY_BYTES;
        inputBuffer.putLong(index, expiryMs, ByteOrder.LITTLE_ENDIAN);
        index += 8;
        mac.update(input, 0, index);
        try
        {
            mac.doFinal(output, 0);
        }
        catch (final ShortBufferException ex)
        {
            throw new IllegalStateException("32-byte output holds an HmacSHA256 tag", ex);
        }
    }

    /**
     * @return tag bytes 0..7 of the last {@link #compute}, little-endian.
     */
    long tag0()
    {
        return outputBuffer.getLong(0, ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * @return tag bytes 8..15 of the last {@link #compute}, little-endian.
     */
    long tag1()
    {
        return outputBuffer.getLong(8, ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * @param packet    holds a tag (hostile bytes).
     * @param tagOffset where its 16 bytes start.
     * @return true when it equals the last computed tag; constant time.
     */
    boolean matches(final DirectBuffer packet, final int tagOffset)
    {
        return ((tag0() ^ packet.getLong(tagOffset, ByteOrder.LITTLE_ENDIAN)) |
            (tag1() ^ packet.getLong(tagOffset + 8, ByteOrder.LITTLE_ENDIAN))) == 0;
    }
}
