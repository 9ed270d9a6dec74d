package dev.statesync.bench.fuzz;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.snapshot.SnapshotFormat;
import dev.statesync.sync.reliable.Crc32cIntegrity;
import dev.statesync.sync.reliable.FragmentHeader;
import dev.statesync.sync.reliable.IntegrityMode;
import dev.statesync.sync.reliable.KeyedMacIntegrity;
import dev.statesync.sync.reliable.PacketHeader;

/**
 * Where the fields the field-aware {@link Mutator}s aim at sit in a target's datagrams: whether they start with a
 * reliable.io packet or fragment header (sequence at bytes 1-2), what trailer follows, and where a 32-bit tick sits
 * (little-endian, which is also how the bit packer lays out a 32-bit field written at a byte boundary). Read from
 * the datagram each time, because header lengths vary with the acks they carry.
 */
public final class WireLayout
{
    /** Where the payload of a packet keeps its tick. */
    public enum PayloadTick
    {
        /** The payload has no tick (acks only). */
        NONE,
        /** A bitpacked snapshot or a prediction message: the tick is the first 32 bits. */
        AT_START,
        /**
         * A framed snapshot ({@code SnapshotConfig.rangeCoded}): a bitpacked frame is the format byte 0, then the
         * tick; a range-coded frame (any other first byte) codes its tick, so it has no field to move.
         */
        FRAMED
    }

    private static final int RESEAL_CAPACITY_BYTES = 64 * 1024;

    private final boolean packetHeader;
    private final int trailerBytes;
    private final PayloadTick payloadTick;
    private final Crc32cIntegrity crc;
    private final UnsafeBuffer resealBuffer;
    private final PacketHeader header = new PacketHeader();
    private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);

    private WireLayout(
        final boolean packetHeader, final IntegrityMode integrity, final long protocolId, final PayloadTick payloadTick)
    {
        this.packetHeader = packetHeader;
        this.payloadTick = payloadTick;
        this.trailerBytes = integrity == IntegrityMode.CRC32C ? Crc32cIntegrity.TRAILER_BYTES :
            integrity == IntegrityMode.KEYED_MAC ? KeyedMacIntegrity.TRAILER_BYTES : 0;
        this.crc = integrity == IntegrityMode.CRC32C ? new Crc32cIntegrity(protocolId, RESEAL_CAPACITY_BYTES) : null;
        this.resealBuffer = crc == null ? null : new UnsafeBuffer(new byte[0]);
    }

    /**
     * @param integrity  the link's trailer.
     * @param protocolId the link's protocol id (mixed into a CRC32C).
     * @param payload    where the payload keeps its tick.
     * @return the layout of reliable.io datagrams.
     */
    public static WireLayout packets(final IntegrityMode integrity, final long protocolId, final PayloadTick payload)
    {
        return new WireLayout(true, integrity, protocolId, payload);
    }

    /**
     * @param payload where the message keeps its tick.
     * @return the layout of bare messages handed to a decoder without a packet header (snapshots, input and state
     * messages).
     */
    public static WireLayout message(final PayloadTick payload)
    {
        return new WireLayout(false, IntegrityMode.NONE, 0, payload);
    }

    /** @return true when datagrams start with a reliable.io packet or fragment header. */
    public boolean hasPacketHeader()
    {
        return packetHeader;
    }

    /** @return bytes of integrity trailer at the end of each datagram. */
    public int trailerBytes()
    {
        return trailerBytes;
    }

    /** @return true when an attacker can recompute the trailer (a CRC32C is no secret). */
    public boolean canReseal()
    {
        return crc != null;
    }

    /**
     * Write a valid CRC32C trailer after {@code bodyLength} bytes.
     *
     * @param bytes      holds the body, with room for the trailer.
     * @param bodyLength bytes before the trailer.
     * @return the datagram's length with its trailer.
     */
    public int reseal(final byte[] bytes, final int bodyLength)
    {
        resealBuffer.wrap(bytes);
        return crc.append(resealBuffer, 0, bodyLength);
    }

    /**
     * @param bytes  a datagram (its trailer, if any, included in length).
     * @param length its length.
     * @return offset of the first byte of its 32-bit tick, or -1 when it has none where this layout can find it.
     */
    public int tickOffset(final byte[] bytes, final int length)
    {
        final int payloadOffset = packetHeader ? payloadOffset(bytes, length - trailerBytes) : 0;
        if (payloadOffset < 0)
        {
            return -1;
        }
        final int tickOffset;
        switch (payloadTick)
        {
            case AT_START:
                tickOffset = payloadOffset;
                break;
            case FRAMED:
                if (payloadOffset >= length || bytes[payloadOffset] != SnapshotFormat.FORMAT_BITPACKED)
                {
                    return -1;
                }
                tickOffset = payloadOffset + 1;
                break;
            default:
                return -1;
        }
        return tickOffset + 4 <= length - trailerBytes ? tickOffset : -1;
    }

    /** @return where the payload starts after the packet header (and fragment header of fragment 0), or -1. */
    private int payloadOffset(final byte[] bytes, final int bodyLength)
    {
        if (bodyLength < 1)
        {
            return -1;
        }
        view.wrap(bytes, 0, bodyLength);
        int offset = 0;
        if ((bytes[0] & 1) != 0)
        {
            if (bodyLength < FragmentHeader.BYTES || bytes[3] != 0)
            {
                return -1;
            }
            offset = FragmentHeader.BYTES;
        }
        final int headerBytes = header.read(view, offset, bodyLength - offset);
        return headerBytes < 0 ? -1 : offset + headerBytes;
    }
}
