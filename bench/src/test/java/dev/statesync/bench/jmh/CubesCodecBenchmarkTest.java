package dev.statesync.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.statesync.bench.runner.PredictorChoice;
import dev.statesync.bench.runner.SchemaKind;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.state.QuantizedStates;

/**
 * The cubes CPU benchmark measures a correct codec: its timed encode writes the same frames as the recorded
 * authority run (a fresh end restarted over the warm-up ticks is the same sender), and its timed decode
 * reproduces the sender's exact quantized states, object for object.
 */
class CubesCodecBenchmarkTest
{
    private static final int TICKS = CubesCodecBenchmark.WARMUP_TICKS + 90;

    @ParameterizedTest
    @CsvSource({
        "snapshot, range-coded, runner", "state, range-coded, runner", "snapshot, bitpacked, runner",
        "snapshot, range-coded, hold", "snapshot, bitpacked, linear", "state, range-coded, hold"})
    void timedEncodeAndDecodeReproduceTheSendersStates(final String schema, final String coding, final String predictor)
    {
        final CubesCodecBenchmark bench = new CubesCodecBenchmark();
        bench.schema = schema;
        bench.coding = coding;
        bench.predictor = predictor;
        bench.record(TICKS);
        bench.prepareEnds(1, 1);
        bench.startAuthority();
        bench.startReceiver();
        final RecordedCubes recording = bench.recording();
        final RecordedCubesLink.Frames frames = bench.frames();
        final int stride = recording.schema().stride();
        final CubesCodecBenchmark.Objects encoded = new CubesCodecBenchmark.Objects();
        final CubesCodecBenchmark.Objects decoded = new CubesCodecBenchmark.Objects();
        final CubesCodecBenchmark.Restarts restarts = new CubesCodecBenchmark.Restarts();
        long sentAfterWarmUp = 0;
        long bitsSent = 0;
        long bitsDelivered = 0;
        int delivered = 0;
        int refusedForLostReference = 0;
        for (int tick = CubesCodecBenchmark.WARMUP_TICKS + 1; tick <= TICKS; tick++)
        {
            final int length = bench.encode(encoded, restarts);
            assertTrue(frames.sameFrame(tick, bench.authority().lastFrame(), length), "frame of tick " + tick);
            sentAfterWarmUp += frames.objectsSent(tick);
            bitsSent += 8L * length;
            final long before = decoded.objects;
            final int updated = bench.decode(decoded, restarts);
            if (frames.unapplied(tick))
            {
                refusedForLostReference += RecordedCubesLink.lost(tick) ? 0 : 1;
                assertEquals(0, updated);
                assertEquals(before, decoded.objects);
                continue;
            }
            delivered++;
            bitsDelivered += 8L * frames.length(tick);
            assertEquals(frames.objectsSent(tick), decoded.objects - before);
            assertEquals(frames.objectsSent(tick), updated, "objects applied at tick " + tick);
            final SnapshotReceiver receiver = bench.receiver();
            assertEquals(tick, receiver.lastTick());
            final QuantizedStates sent = recording.at(tick);
            final int[] objects = receiver.updatedObjects();
            for (int k = 0; k < updated; k++)
            {
                final int offset = objects[k] * stride;
                assertArrayEquals(Arrays.copyOfRange(sent.array(), offset, offset + stride),
                    Arrays.copyOfRange(receiver.states().array(), offset, offset + stride),
                    "object " + objects[k] + " at tick " + tick);
            }
        }
        // Every object the replica holds is exactly what the authority had at the tick it says.
        final SnapshotReceiver receiver = bench.receiver();
        for (int object = 0; object < recording.objects(); object++)
        {
            final int offset = object * stride;
            final int tick = receiver.stateTick(object);
            assertTrue(tick >= 1 && tick <= TICKS, "object " + object + " never arrived");
            assertArrayEquals(Arrays.copyOfRange(recording.at(tick).array(), offset, offset + stride),
                Arrays.copyOfRange(receiver.states().array(), offset, offset + stride), "object " + object);
        }
        assertEquals(sentAfterWarmUp, encoded.objects);
        assertEquals(bitsSent, encoded.frameBits);
        assertEquals(bitsDelivered, decoded.frameBits);
        assertTrue(delivered > 0 && decoded.objects > 0, "the measured ticks carry objects");
        assertTrue(delivered < TICKS - CubesCodecBenchmark.WARMUP_TICKS, "some frames are lost");
        // The runner's default link codes every other frame against the one before it, unacked: a lost frame then
        // takes down the next one too, and only then (any other refusal would fail the benchmark's own check).
        assertTrue(refusedForLostReference > 0, "a lost frame took down the frame coded against it");
        assertEquals(0, restarts.restarts);
        // Past the recording's end both ends restart from a fresh warmed-up end: the same frames again.
        final int tick = CubesCodecBenchmark.WARMUP_TICKS + 1;
        final int length = bench.encode(encoded, restarts);
        assertEquals(1, restarts.restarts);
        assertTrue(frames.sameFrame(tick, bench.authority().lastFrame(), length), "frame after the restart");
        int updated = bench.decode(decoded, restarts);
        assertEquals(2, restarts.restarts);
        int restartTick = tick;
        while (frames.unapplied(restartTick))
        {
            updated = bench.decode(decoded, restarts);
            restartTick++;
        }
        assertEquals(restartTick, bench.receiver().lastTick());
        assertEquals(frames.objectsSent(restartTick), updated);
        bench.check();
    }

    /**
     * The bitpacked row measures the same work without the entropy coder: the same objects go out every tick, only
     * the bytes differ, and they are more of them.
     */
    @Test
    void bitpackedFramesShouldCarryTheSameObjectsInMoreBytes()
    {
        final RecordedCubes recording = new RecordedCubes(SchemaKind.SNAPSHOT, TICKS);
        final RecordedCubesLink.Frames ranged = new RecordedCubesLink.Frames(recording);
        final RecordedCubesLink.Frames packed = new RecordedCubesLink.Frames(recording, RecordedCubesLink.Coding.BITPACKED);
        assertSameObjectsInMoreBytes(ranged, packed, "bitpacked");
    }

    /**
     * The single-predictor rows measure what the runner's three alternatives are worth: the same objects go out every
     * tick, in more bytes with one predictor than with the cheapest of three.
     */
    @ParameterizedTest
    @CsvSource({"linear", "hold"})
    void aSinglePredictorShouldCarryTheSameObjectsInMoreBytes(final String predictor)
    {
        final RecordedCubes runner = new RecordedCubes(SchemaKind.SNAPSHOT, TICKS);
        final RecordedCubes single = new RecordedCubes(SchemaKind.SNAPSHOT, TICKS, PredictorChoice.parse(predictor));
        final RecordedCubesLink.Frames runnerFrames = new RecordedCubesLink.Frames(runner);
        final RecordedCubesLink.Frames singleFrames = new RecordedCubesLink.Frames(single);
        assertSameObjectsInMoreBytes(runnerFrames, singleFrames, predictor);
    }

    /** Over the measured ticks {@code dearer} carries the objects {@code cheaper} does, tick by tick, in more bytes. */
    private static void assertSameObjectsInMoreBytes(
        final RecordedCubesLink.Frames cheaper, final RecordedCubesLink.Frames dearer, final String dearerName)
    {
        long cheaperBytes = 0;
        long dearerBytes = 0;
        for (int tick = CubesCodecBenchmark.WARMUP_TICKS + 1; tick <= TICKS; tick++)
        {
            assertEquals(cheaper.objectsSent(tick), dearer.objectsSent(tick), "objects of tick " + tick);
            cheaperBytes += cheaper.length(tick);
            dearerBytes += dearer.length(tick);
        }
        assertTrue(dearerBytes > cheaperBytes, dearerBytes + " bytes " + dearerName + " against " + cheaperBytes);
    }

    @Test
    void theLinearPredictorIsRefusedOnTheStateSchema()
    {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> new RecordedCubes(SchemaKind.STATE, 2, PredictorChoice.LINEAR));
        assertTrue(refused.getMessage().contains("snapshot schema"), refused.getMessage());
    }
}
