/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.LinkKeys;
import dev.statesync.sync.reliable.LinkSide;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteOrder;
import java.security.KeyPair;

import static dev.statesync.sync.udp.HandshakePackets.*;

/**
 * Handshake packets built by hand, byte for byte from the layouts, so tests can replay, move, alter and forge them:
 * a client that is not a {@link UdpClient} and a server that is not a {@link UdpServer}.
 */
final class RawPeers
{
    private RawPeers()
    {
    }

    static byte[] request(final long protocolId, final byte[] clientPublicKey)
    {
        return request(protocolId, clientPublicKey, 0);
    }

    static byte[] request(final long protocolId, final byte[] clientPublicKey, final long settingsFingerprint)
    {
        final UnsafeBuffer out = new UnsafeBuffer(new byte[REQUEST_BYTES]);
        out.putByte(0, (byte)REQUEST);
        out.putLong(REQUEST_PROTOCOL_ID_OFFSET, protocolId, ByteOrder.LITTLE_ENDIAN);
        out.putByte(REQUEST_VERSION_OFFSET, (byte)VERSION);
        out.putBytes(REQUEST_KEY_OFFSET, clientPublicKey);
        out.putLong(REQUEST_SETTINGS_OFFSET, settingsFingerprint, ByteOrder.LITTLE_ENDIAN);
        return out.byteArray();
    }

    static byte[] control(final int type, final int clientIndex, final long sequence, final LinkKeys keys, final LinkSide side)
    {
        final UnsafeBuffer out = new UnsafeBuffer(new byte[CONTROL_BYTES]);
        writeControl(out, type, clientIndex, sequence, keys.sendK0(side), keys.sendK1(side));
        return out.byteArray();
    }

    static byte[] flipBit(final byte[] datagram, final int bit)
    {
        final byte[] copy = datagram.clone();
        copy[bit >>> 3] ^= (byte)(1 << (bit & 7));
        return copy;
    }

    /** The client side of the handshake, by hand. */
    static final class Client
    {
        final KeyExchange keyExchange = new KeyExchange();
        final KeyPair keyPair = keyExchange.generate();
        final byte[] publicKey = KeyExchange.encode(keyPair.getPublic());
        LinkKeys keys;

        byte[] request()
        {
            return RawPeers.request(UdpClientConfig.DEFAULT_PROTOCOL_ID, publicKey);
        }

        /** Check the challenge names us, derive the keys as UdpClient does, and build the response. */
        byte[] response(final byte[] challenge)
        {
            final UnsafeBuffer in = new UnsafeBuffer(challenge);
            if (challenge.length != CHALLENGE_BYTES || (challenge[0] & 0xFF) != CHALLENGE)
            {
                throw new AssertionError("not a challenge: " + challenge.length + " bytes");
            }
            final byte[] echoed = new byte[PUBLIC_KEY_BYTES];
            in.getBytes(CHALLENGE_CLIENT_KEY_OFFSET, echoed);
            if (!java.util.Arrays.equals(echoed, publicKey))
            {
                throw new AssertionError("challenge for another key");
            }
            final byte[] serverKey = new byte[PUBLIC_KEY_BYTES];
            in.getBytes(CHALLENGE_SERVER_KEY_OFFSET, serverKey);
            final long expiryMs = in.getLong(CHALLENGE_EXPIRY_OFFSET, ByteOrder.LITTLE_ENDIAN);
            final long tag0 = in.getLong(CHALLENGE_TAG_OFFSET, ByteOrder.LITTLE_ENDIAN);
            final long tag1 = in.getLong(CHALLENGE_TAG_OFFSET + 8, ByteOrder.LITTLE_ENDIAN);
            keys = keyExchange.derive(keyExchange.agree(keyPair.getPrivate(), serverKey), publicKey, serverKey,
                expiryMs, tag0, tag1);
            final UnsafeBuffer out = new UnsafeBuffer(new byte[RESPONSE_BYTES]);
            out.putByte(0, (byte)RESPONSE);
            out.putBytes(RESPONSE_KEY_OFFSET, publicKey);
            out.putLong(RESPONSE_EXPIRY_OFFSET, expiryMs, ByteOrder.LITTLE_ENDIAN);
            out.putBytes(RESPONSE_TAG_OFFSET, in, CHALLENGE_TAG_OFFSET, COOKIE_TAG_BYTES);
            return out.byteArray();
        }

        byte[] control(final int type, final long sequence)
        {
            return RawPeers.control(type, UNKNOWN_CLIENT_INDEX, sequence, keys, LinkSide.CLIENT);
        }
    }

    /** The server side of the handshake, by hand: answers a client's request with a challenge it makes up. */
    static final class Server
    {
        final KeyExchange keyExchange = new KeyExchange();
        final KeyPair keyPair = keyExchange.generate();
        final byte[] publicKey = KeyExchange.encode(keyPair.getPublic());
        LinkKeys keys;
        long nextControlSequence;

        /** A challenge for the request's key; derives the keys the client will derive from it. */
        byte[] challenge(final byte[] request, final long expiryMs)
        {
            final byte[] clientKey = new byte[PUBLIC_KEY_BYTES];
            System.arraycopy(request, REQUEST_KEY_OFFSET, clientKey, 0, PUBLIC_KEY_BYTES);
            return challengeFor(clientKey, publicKey, expiryMs);
        }

        byte[] challengeFor(final byte[] clientKey, final byte[] serverKey, final long expiryMs)
        {
            final long tag0 = 0x1122334455667788L;
            final long tag1 = 0x99AABBCCDDEEFF00L;
            final UnsafeBuffer out = new UnsafeBuffer(new byte[CHALLENGE_BYTES]);
            out.putByte(0, (byte)CHALLENGE);
            out.putBytes(CHALLENGE_CLIENT_KEY_OFFSET, clientKey);
            out.putBytes(CHALLENGE_SERVER_KEY_OFFSET, serverKey);
            out.putLong(CHALLENGE_EXPIRY_OFFSET, expiryMs, ByteOrder.LITTLE_ENDIAN);
            out.putLong(CHALLENGE_TAG_OFFSET, tag0, ByteOrder.LITTLE_ENDIAN);
            out.putLong(CHALLENGE_TAG_OFFSET + 8, tag1, ByteOrder.LITTLE_ENDIAN);
            final byte[] shared = keyExchange.agree(keyPair.getPrivate(), clientKey);
            keys = shared == null ? null : keyExchange.derive(shared, clientKey, serverKey, expiryMs, tag0, tag1);
            return out.byteArray();
        }

        byte[] control(final int type, final int clientIndex)
        {
            return RawPeers.control(type, clientIndex, nextControlSequence++, keys, LinkSide.SERVER);
        }

        static byte[] denied(final byte[] request)
        {
            return denied(request, DeniedReason.SERVER_FULL.wireCode());
        }

        static byte[] denied(final byte[] request, final int reasonCode)
        {
            final byte[] out = new byte[DENIED_BYTES];
            out[0] = (byte)DENIED;
            System.arraycopy(request, REQUEST_KEY_OFFSET, out, DENIED_KEY_OFFSET, DENIED_KEY_BYTES);
            out[DENIED_REASON_OFFSET] = (byte)reasonCode;
            return out;
        }
    }
}
