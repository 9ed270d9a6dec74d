/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.LinkKeys;

import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.NamedParameterSpec;
import java.security.spec.XECPublicKeySpec;

/**
 * X25519 (RFC 7748, the JDK's {@code XDH} provider) and the derivation of a connection's {@link LinkKeys}:
 * <pre>
 * okm  = HmacSHA256(key = X25519(own private, peer public),
 *                   "statesync link keys v1" | client public key | server public key | u64 expiry | cookie tag)
 * keys = LinkKeys.fromBytes(okm, 0): bytes 0..15 sign client to server, 16..31 server to client
 * </pre>
 * Both public keys, the cookie's expiry and its tag are in the input, so the keys belong to this one handshake: a
 * client that connects twice with the same key pair (it never does) would still get new keys. The JDK refuses a
 * peer key of small order (the shared secret would be all zeros, known to anyone); that is reported as null.
 * <p>
 * Costs 0.3 to 1 ms per agreement on the JDK 17 provider (2-core machine), which is why the server does it only
 * after the cookie proved the client's address. Allocates (JCA objects); used once per connection. One owner thread.
 */
final class KeyExchange
{
    /** Label that starts the key derivation input; bump its version if the derivation ever changes. */
    static final byte[] LABEL = "statesync link keys v1".getBytes(StandardCharsets.US_ASCII);

    private static final int KEY_BYTES = HandshakePackets.PUBLIC_KEY_BYTES;

    private final KeyPairGenerator generator;
    private final KeyFactory factory;
    private final KeyAgreement agreement;
    private final Mac mac;

    KeyExchange()
    {
        try
        {
            generator = KeyPairGenerator.getInstance("X25519");
            factory = KeyFactory.getInstance("XDH");
            agreement = KeyAgreement.getInstance("XDH");
            mac = Mac.getInstance("HmacSHA256");
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("X25519 (JDK 11+) and HmacSHA256 are required", ex);
        }
    }

    /**
     * @return a fresh X25519 key pair.
     */
    KeyPair generate()
    {
        return generator.generateKeyPair();
    }

    /**
     * @param key an X25519 public key.
     * @return its raw encoding: the u-coordinate, 32 bytes little-endian.
     */
    static byte[] encode(final PublicKey key)
    {
        final byte[] bigEndian = ((XECPublicKey)key).getU().toByteArray();
        final byte[] raw = new byte[KEY_BYTES];
        for (int i = 0; i < KEY_BYTES && i < bigEndian.length; i++)
        {
            raw[i] = bigEndian[bigEndian.length - 1 - i];
        }
        return raw;
    }

    /**
     * Agree on the shared secret.
     *
     * @param own  this end's private key.
     * @param peer the peer's raw public key, 32 bytes (hostile).
     * @return the 32-byte shared secret, or null when the peer key is refused (small order).
     */
    byte[] agree(final PrivateKey own, final byte[] peer)
    {
        // RFC 7748 section 5: ignore the top bit of the last byte; u is reduced modulo p by the provider.
        final byte[] bigEndian = new byte[KEY_BYTES];
        for (int i = 0; i < KEY_BYTES; i++)
        {
            bigEndian[i] = peer[KEY_BYTES - 1 - i];
        }
        bigEndian[0] &= 0x7F;
        try
        {
            final PublicKey peerKey = factory.generatePublic(
                new XECPublicKeySpec(NamedParameterSpec.X25519, new BigInteger(1, bigEndian)));
            agreement.init(own);
            agreement.doPhase(peerKey, true);
            return agreement.generateSecret();
        }
        catch (final GeneralSecurityException ex)
        {
            return null;
        }
    }

    /**
     * @param sharedSecret    output of {@link #agree}.
     * @param clientPublicKey raw client key.
     * @param serverPublicKey raw server key.
     * @param expiryMs        the cookie's expiry.
     * @param tag0            cookie tag bytes 0..7, little-endian.
     * @param tag1            cookie tag bytes 8..15, little-endian.
     * @return the connection's keys.
     */
    LinkKeys derive(
        final byte[] sharedSecret,
        final byte[] clientPublicKey,
        final byte[] serverPublicKey,
        final long expiryMs,
        final long tag0,
        final long tag1)
    {
        try
        {
            mac.init(new SecretKeySpec(sharedSecret, "HmacSHA256"));
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("a 32-byte HmacSHA256 key is valid", ex);
        }
        mac.update(LABEL);
        mac.update(clientPublicKey, 0, KEY_BYTES);
        mac.update(serverPublicKey, 0, KEY_BYTES);
        final byte[] numbers = new byte[24];
        putLongLittleEndian(numbers, 0, expiryMs);
        putLongLittleEndian(numbers, 8, tag0);
        putLongLittleEndian(numbers, 16, tag1);
        mac.update(numbers);
        return LinkKeys.fromBytes(mac.doFinal(), 0);
    }

    private static void putLongLittleEndian(final byte[] bytes, final int offset, final long value)
    {
        for (int i = 0; i < 8; i++)
        {
            bytes[offset + i] = (byte)(value >>> (8 * i));
        }
    }
}
