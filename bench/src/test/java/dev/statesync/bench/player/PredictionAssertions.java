package dev.statesync.bench.player;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Assertions on a {@link PredictionSession} shared by the scene and runner tests.
 */
public final class PredictionAssertions
{
    private PredictionAssertions()
    {
    }

    /**
     * The client's prediction for the tick the server's world is at holds the server's floats bit for bit, every
     * body and value: what "no divergence" means for replay-safe worlds.
     */
    public static void assertPredictionEqualsServerBitForBit(final PredictionSession session)
    {
        final PlayerWorld server = session.serverWorld();
        final BodiesState serverState = new BodiesState(server.bodyCount());
        server.readState(serverState);
        final BodiesState predicted = session.client().predictedState(session.channel().lastProcessedInputTick() + 1);
        for (int body = 0; body < server.bodyCount(); body++)
        {
            for (int k = 0; k < BodiesState.VALUES_PER_BODY; k++)
            {
                assertEquals(Float.floatToRawIntBits(serverState.value(body, k)),
                    Float.floatToRawIntBits(predicted.value(body, k)), "body " + body + " value " + k);
            }
        }
    }
}
