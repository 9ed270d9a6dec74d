/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.jmh;

import java.security.GeneralSecurityException;
import java.util.concurrent.TimeUnit;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import dev.statesync.sync.reliable.Crc32cIntegrity;
import dev.statesync.sync.reliable.KeyedMacIntegrity;
import dev.statesync.sync.reliable.LinkKeys;
import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.PacketIntegrity;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What guarding a datagram costs: the sender appends the trailer and the receiver checks it, so each
 * operation is one append plus one verify of the same datagram. Compares the keyed MAC links use by default
 * (SipHash-2-4, 8 bytes) with the CRC32C trailer and with the JDK's HmacSHA256 truncated to 8 bytes, the
 * alternative the MAC was chosen over: {@code -prof gc} shows the JDK Mac allocating on every call, which the
 * receive path must not.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Thread)
public class PacketIntegrityBenchmark
{
    /** Datagram bytes before the trailer: an ack-only packet, and a full 1200-byte snapshot with its header. */
    @Param({"12", "1209"})
    public int datagramBytes;

    private final UnsafeBuffer datagram = new UnsafeBuffer(new byte[2048]);
    private final byte[] hmacOut = new byte[32];
    private PacketIntegrity keyedMacSender;
    private PacketIntegrity keyedMacReceiver;
    private PacketIntegrity crc;
    private Mac hmac;

    /**
     * Fills the datagram and builds both ends of each check.
     *
     * @throws GeneralSecurityException if the JDK lacks HmacSHA256 (it never does).
     */
    @Setup
    public void setUp() throws GeneralSecurityException
    {
        for (int i = 0; i < datagramBytes; i++)
        {
            datagram.putByte(i, (byte)(i * 31 + 7));
        }
        final LinkKeys keys = LinkKeys.random();
        keyedMacSender = new KeyedMacIntegrity(keys, LinkSide.SERVER);
        keyedMacReceiver = new KeyedMacIntegrity(keys, LinkSide.CLIENT);
        crc = new Crc32cIntegrity(0x5354415445535943L, 2048);
        hmac = Mac.getInstance("HmacSHA256");
        hmac.init(new SecretKeySpec(new byte[16], "HmacSHA256"));
    }

    /**
     * @return whether the tag verified (always true), so nothing is optimised away.
     */
    @Benchmark
    public boolean keyedMacAppendAndVerify()
    {
        final int length = keyedMacSender.append(datagram, 0, datagramBytes);
        return keyedMacReceiver.verify(datagram, 0, length);
    }

    /**
     * @return whether the CRC verified.
     */
    @Benchmark
    public boolean crc32cAppendAndVerify()
    {
        final int length = crc.append(datagram, 0, datagramBytes);
        return crc.verify(datagram, 0, length);
    }

    /**
     * HmacSHA256 over the same bytes twice (sign, then check), truncated to 8 bytes.
     *
     * @return whether the two tags agree.
     * @throws GeneralSecurityException never: the output array is large enough.
     */
    @Benchmark
    public boolean hmacSha256SignAndVerify() throws GeneralSecurityException
    {
        final byte[] array = datagram.byteArray();
        hmac.update(array, 0, datagramBytes);
        hmac.doFinal(hmacOut, 0);
        final long sent = hmacOut[0] | (long)hmacOut[7] << 56;
        hmac.update(array, 0, datagramBytes);
        hmac.doFinal(hmacOut, 0);
        return sent == (hmacOut[0] | (long)hmacOut[7] << 56);
    }
}
