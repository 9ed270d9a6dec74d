package dev.statesync.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;

import dev.statesync.bench.runner.SchemaKind;

/**
 * Pins the state schema's bytes on the wire on the real cubes scene: the frames the runner's authority sends
 * (range-coded, cheapest of hold and the fixed-point ballistic predictor, acks 6 ticks late, 1 in 20 lost) for
 * the scene's first {@value #TICKS} ticks, by length and SHA-256. Most of those objects are predicted by
 * {@code BallisticPredictor}, stepped tick by tick through {@code QuaternionStepModel}, so a speed-up of the
 * predictor that moved one bit of one prediction changes the digest. The expected values were computed on main at
 * a586e98, before the predictor's fast paths, and re-pinned at 83d9028 (previous-tick states added to the packet,
 * still before the fast paths), and on branch bits (the predictor alternative coded in the context of the position
motion class, position residual contexts split by alternative, the baseline table's ages as gaps: 283,784 ->
282,988 bytes; branch bits2's fourth size level of earlier residuals made it 282,795 and was given back for
CPU and model memory); and on branch unacked-refs (every other frame coded against the frame before it, unacked,
as the unbudgeted runner now sends: 282,988 -> 231,401 bytes, -18.2%; the format itself is unchanged); and on
branch setctx (the baseline table before the object set, the range-coded set and refs coded against the newest
table entry's packet: 231,401 -> 230,500 bytes, -0.4%); and on branch refs-repeats (a packet naming the packet
sent just before it repeats no bent motion: 230,500 -> 227,337 bytes, -1.4%); and on branch flush (the range
coder's minimal framing: no leading 0 byte, 0 or 1 byte of low at the end instead of 4: 227,337 -> 226,338 bytes,
-0.4%, 4.2 bytes a frame); and on branch tick (the tick anchored to the newest acked packet, the model reference
age 1 bit "the anchor's age": 226,338 -> 225,373 bytes, -0.4%, 4.0 bytes a frame); and on branch kind (a packet
continues the model of the newest acked packet at its own place in the unacked-reference chain: 225,373 -> 224,889
bytes, -0.2%; the state schema gains less than the snapshot schema's 1.5%); and on branch history (the
alternative coded in the context of the one the newest baseline's packet used, rotation residuals with a fourth
earlier-magnitude level: 224,889 -> 224,380 bytes, -0.2%); and on branch side (issue 13's round 15, alone against
224,889: no format byte on range-coded frames, no count, the older ref's "none" as a flag, set and older-ref
contexts from what the model ring keeps per object, the table against the newest entry's table: 224,889 -> 224,047
bytes, -0.4%); the two merged: 224,889 -> 223,544 bytes, -0.6%; and on branch agewire (previous-tick states of
ages 3..32: a packet repeating previous-tick states gains the "older ages follow" bit: 223,544 -> 223,552 bytes,
+8 bytes in 240 frames). A
deliberate change of the wire format or of what the runner sends must re-pin them and say why.
 */
class StateSchemaFramesGoldenTest
{
    private static final int TICKS = 240;
    private static final long EXPECTED_BYTES = 223_552;
    private static final String EXPECTED_SHA256 = "cc6aebfee37b62bd07fa6ac23eab45d11e48ae6a21fabc3c8261e97d917cecb0";

    @Test
    void stateSchemaFramesOfTheCubesSceneAreUnchanged() throws NoSuchAlgorithmException
    {
        final RecordedCubes recording = new RecordedCubes(SchemaKind.STATE, TICKS);
        final RecordedCubesLink.Authority authority = new RecordedCubesLink.Authority(recording);
        final MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        long bytes = 0;
        for (int tick = 1; tick <= TICKS; tick++)
        {
            authority.send(tick);
            final byte[] frame = new byte[authority.lastLength()];
            authority.lastFrame().getBytes(0, frame);
            sha256.update(frame);
            bytes += frame.length;
        }
        assertEquals(EXPECTED_BYTES, bytes, "bytes sent in " + TICKS + " ticks");
        assertEquals(EXPECTED_SHA256, HexFormat.of().formatHex(sha256.digest()));
    }
}
