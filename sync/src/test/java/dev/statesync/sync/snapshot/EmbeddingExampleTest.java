package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.DirectBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.priority.PriorityAccumulator;
import dev.statesync.codec.predict.BallisticPredictor;
import dev.statesync.codec.predict.IntegratorModel;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.quantize.StateQuantizer;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.LinkKeys;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;

/**
 * The README's "embed it in your engine" example, compiled and run by the build so it cannot rot. A toy
 * engine (boxes falling under gravity, float arrays) stands in for yours; swap the simulator for
 * {@code UdpServer}/{@code UdpClient} on a real network.
 */
class EmbeddingExampleTest
{
    static final int OBJECTS = 100;
    static final long TICK_NS = 1_000_000_000L / 60;

    /** The engine's state: 3D float records (see StateQuantizer): px py pz qx qy qz qw vx vy vz wx wy wz atRest. */
    final float[] engine = new float[OBJECTS * StateQuantizer.FLOATS_3D];

    @Test
    void authorityAndReplicaStayInSyncThroughALossyNetwork()
    {
        // --- shared by both ends
        final StateSchema schema = StateSchema.highPrecision3d();          // quantize both sides
        final Predictor predictor = new BallisticPredictor(schema,
            IntegratorModel.ode(-20, 0.01, 0.01, 0.01, 0.01, 60), true);  // your engine's integrator
        final LinkKeys keysFromHandshake = LinkKeys.random();              // across machines: the UDP handshake's
        final SnapshotLinkConfig config = new SnapshotLinkConfig()         // 1200-byte payload budget
            .linkKeys(keysFromHandshake);  // authenticated by default: both ends need the same LinkKeys

        // --- the wire: a seeded simulator here, UDP in a game
        final NetworkSimulator network = new NetworkSimulator(
            new NetworkSimulatorConfig().latencyMs(50).jitterMs(10).lossFraction(0.05).seed(1));
        final long[] now = {0};

        // --- authority side
        final StateQuantizer quantizer = new StateQuantizer(schema, OBJECTS);
        final QuantizedStates quantized = new QuantizedStates(schema, OBJECTS);
        final PriorityAccumulator priorities = new PriorityAccumulator(OBJECTS);
        final SnapshotAuthority authority = SnapshotAuthority.withEndpoint(schema, OBJECTS, predictor, priorities, config,
            (buffer, offset, length) -> network.send(0, 1, buffer, offset, length, now[0]), 0);

        // --- replica side
        final SnapshotReplica replica = SnapshotReplica.withEndpoint(schema, OBJECTS, predictor, config,
            (buffer, offset, length) -> network.send(1, 0, buffer, offset, length, now[0]), 0);

        initEngine();
        for (int tick = 1; tick <= 600; tick++)
        {
            now[0] = tick * TICK_NS;
            network.poll(now[0], (int from, int to, DirectBuffer buffer, int offset, int length) ->
            {
                if (to == 1)
                {
                    replica.receiveDatagram(buffer, offset, length, now[0]);
                }
                else
                {
                    authority.receiveDatagram(buffer, offset, length, now[0]);
                }
            });

            stepEngine();
            for (int i = 0; i < OBJECTS; i++)
            {
                final int offset = i * StateQuantizer.FLOATS_3D;
                quantizer.quantize(i, engine, offset, quantized);
                quantizer.dequantize(quantized, i, engine, offset);           // quantize both sides
                priorities.setPriorityFactor(i, engine[offset + 13] != 0 ? 1f : 10f);
            }
            priorities.accumulate();
            authority.sendSnapshot(tick, quantized, now[0]);
            replica.sendAcks(now[0]);
            authority.update(now[0]);
            replica.update(now[0]);
        }

        assertEquals(0, replica.decodeFailures());
        int inSync = 0;
        for (int i = 0; i < OBJECTS; i++)
        {
            if (replica.receiver().stateTick(i) == 600 || !authority.sender().needsSending(i, quantized))
            {
                assertTrue(replica.receiver().states().sameObject(i, quantized), "object " + i);
                inSync++;
            }
        }
        assertTrue(inSync > OBJECTS / 2, "objects provably in sync: " + inSync);
        assertTrue(authority.sender().perfectPredictions() > authority.sender().objectsSent() / 2,
            "ballistic prediction makes most falling boxes cost one bit");
    }

    private void initEngine()
    {
        for (int i = 0; i < OBJECTS; i++)
        {
            final int o = i * StateQuantizer.FLOATS_3D;
            engine[o] = (i % 10) * 2f;
            engine[o + 1] = (i / 10) * 2f;
            engine[o + 2] = 30f;
            engine[o + 6] = 1f;
            engine[o + 9] = i % 3;
        }
    }

    /** A toy free-flight integrator shaped like ode4j's: v += g h, x += v h, then damping; boxes stop at z = 1. */
    private void stepEngine()
    {
        for (int i = 0; i < OBJECTS; i++)
        {
            final int o = i * StateQuantizer.FLOATS_3D;
            if (engine[o + 13] != 0)
            {
                continue;
            }
            double vz = engine[o + 9] + (-20.0 / 60);
            double z = engine[o + 2] + vz / 60;
            if (z <= 1)
            {
                z = 1;
                vz = 0;
                engine[o + 13] = 1;
            }
            engine[o + 2] = (float)z;
            engine[o + 9] = (float)(Math.abs(vz) > 0.01 ? vz * 0.99 : vz);
        }
    }
}
