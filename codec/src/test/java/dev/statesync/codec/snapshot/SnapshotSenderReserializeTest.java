package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitWriter;

class SnapshotSenderReserializeTest
{
    @Test
    void shouldReserializeLastPacketToTheSameBytesAndBitsAsWritten()
    {
        final StateSchema schema = StateSchema.fiedler3d();
        final int objects = 50;
        final SnapshotSender sender = new SnapshotSender(
            schema, objects, new LinearExtrapolationPredictor(false), new ObjectCodec(schema), new SnapshotConfig());
        final QuantizedStates states = new QuantizedStates(schema, objects);
        final SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < objects; i++)
        {
            RandomStates.randomRecord(schema, random, states.array(), states.offsetOf(i));
        }
        final byte[] packet = new byte[8192];
        final byte[] again = new byte[8192];
        for (int tick = 1; tick <= 40; tick++)
        {
            for (int i = 0; i < objects; i += 3)
            {
                RandomStates.evolve(schema, random, states.array(), states.offsetOf(i));
            }
            final BitWriter writer = new BitWriter(new UnsafeBuffer(packet), 0, packet.length);
            sender.encode(tick, states, null, 0, tick % 4 == 0 ? 600 : Integer.MAX_VALUE, writer, tick);
            if (tick % 3 != 0)
            {
                sender.onAcked(tick);
            }

            final BitMeasure measure = new BitMeasure();
            sender.serializeLastPacket(measure);
            assertEquals(sender.lastPacketBits(), measure.bits(), "tick " + tick);

            final BitWriter copy = new BitWriter(new UnsafeBuffer(again), 0, again.length);
            sender.serializeLastPacket(copy);
            copy.flush();
            assertEquals(writer.bytesWritten(), copy.bytesWritten());
            assertArrayEquals(Arrays.copyOf(packet, writer.bytesWritten()), Arrays.copyOf(again, copy.bytesWritten()));
        }
    }

    @Test
    void shouldRefuseToReserializeBeforeAnyPacket()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final SnapshotSender sender = new SnapshotSender(
            schema, 3, HoldPredictor.INSTANCE, new ObjectCodec(schema), new SnapshotConfig());
        assertThrows(IllegalStateException.class, () -> sender.serializeLastPacket(new BitMeasure()));
    }
}
