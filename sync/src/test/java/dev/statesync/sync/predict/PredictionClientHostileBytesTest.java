package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import dev.statesync.codec.bits.BitReader;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.agrona.concurrent.UnsafeBuffer;

/** Server-to-client bytes are untrusted too: random packets never throw and every one is accounted for. */
class PredictionClientHostileBytesTest
{
    @Property(tries = 200)
    void randomStateBytesNeverThrowAndAreEachCountedOnce(@ForAll @Size(max = 20) final List<@Size(max = 40) byte[]> packets)
    {
        final PointPhysics physics = new PointPhysics();
        final PredictionClientConfig config = new PredictionClientConfig().bufferCapacity(64);
        final PredictionClient<PointState, TestInput> client = new PredictionClient<>(config,
            new StepFunctionWorld<>(physics, physics, config.bufferCapacity(), new PointState()),
            physics, new TestInputCodec(), physics);
        final TestInput input = new TestInput();
        for (int t = 0; t < 100; t++)
        {
            client.tick(input.set(1, false));
        }
        final BitReader reader = new BitReader();
        for (final byte[] packet : packets)
        {
            client.onStateMessage(reader.wrap(new UnsafeBuffer(packet), 0, packet.length));
        }
        assertEquals(packets.size(),
            client.counter(PredictionClientCounters.MALFORMED_STATES) + client.counter(PredictionClientCounters.STATES_RECEIVED) + client.counter(PredictionClientCounters.STALE_STATES) + client.counter(PredictionClientCounters.UNMATCHED_STATES));
    }
}
