package dev.statesync.bench.player;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * State messages carry the player and the crates near it as exact floats, and a hostile message cannot name a
 * crate twice or out of range.
 */
class BodiesStateCodecTest
{
    private static final int CRATES = 48;

    private final PlayerWorld world = new PlayerWorld(PlayerSceneConfig.DEFAULT_SEED, CRATES, 0);
    private final BodiesStateCodec codec = new BodiesStateCodec(world.bodyCount());
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[2048]);

    @Test
    void shouldRoundTripThePlayerAndTheNearCratesExactly()
    {
        final PlayerCommand walk = new PlayerCommand().set(1, false);
        for (int t = 0; t < 60; t++)
        {
            world.step(walk);
        }
        final BodiesState sent = codec.newState();
        world.readNearState(sent, 3.0f, 16);
        assertTrue(sent.presentCount() > 1, "the player must be near crates");
        assertTrue(sent.presentCount() < world.bodyCount(), "far crates are left out");

        final BitWriter writer = new BitWriter(buffer, 0, 2048);
        codec.serialize(writer, sent);
        final int length = writer.flush();
        final BodiesState received = codec.newState();
        final BitReader reader = new BitReader(buffer, 0, length);
        codec.serialize(reader, received);

        assertFalse(reader.isFailed());
        assertEquals(0.0, codec.positionErrorM(received, sent));
        for (int body = 0; body < world.bodyCount(); body++)
        {
            assertEquals(sent.isPresent(body), received.isPresent(body), "body " + body);
            if (sent.isPresent(body))
            {
                for (int k = 0; k < BodiesState.VALUES_PER_BODY; k++)
                {
                    assertEquals(Float.floatToRawIntBits(sent.value(body, k)),
                        Float.floatToRawIntBits(received.value(body, k)));
                }
            }
        }
    }

    @Test
    void shouldRejectACrateNamedTwice()
    {
        final BitWriter writer = new BitWriter(buffer, 0, 2048);
        for (int k = 0; k < BodiesState.VALUES_PER_BODY; k++)
        {
            writer.writeFloat(0.0f);
        }
        writer.writeInt(2, 0, CRATES);
        for (int i = 0; i < 2; i++)
        {
            writer.writeInt(7, 1, CRATES);
            for (int k = 0; k < BodiesState.VALUES_PER_BODY; k++)
            {
                writer.writeFloat(1.0f);
            }
        }
        final int length = writer.flush();
        final BitReader reader = new BitReader(buffer, 0, length);
        codec.serialize(reader, codec.newState());

        assertTrue(reader.isFailed());
    }

    @Test
    void shouldMeasureTheLargestErrorOverPresentBodies()
    {
        final BodiesState predicted = codec.newState();
        world.readState(predicted);
        final BodiesState authoritative = codec.newState();
        world.readNearState(authoritative, 0.0f, 0);
        assertEquals(0.0, codec.positionErrorM(predicted, authoritative));

        world.body(1).setTransform(new org.jbox2d.common.Vec2(30.0f, 30.0f), 0.5f);
        world.readState(predicted);
        assertEquals(0.0, codec.positionErrorM(predicted, authoritative), "an absent crate is not compared");
        world.readState(authoritative);
        world.body(1).setTransform(new org.jbox2d.common.Vec2(33.0f, 34.0f), 0.0f);
        world.readState(predicted);
        assertEquals(5.0, codec.positionErrorM(predicted, authoritative), 1e-6);
        assertEquals(0.5, codec.rotationErrorRad(predicted, authoritative), 1e-6);
    }
}
