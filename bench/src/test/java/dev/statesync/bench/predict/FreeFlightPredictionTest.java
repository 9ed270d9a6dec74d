package dev.statesync.bench.predict;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.jbox2d.collision.shapes.PolygonShape;
import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;
import org.jbox2d.dynamics.BodyDef;
import org.jbox2d.dynamics.BodyType;
import org.jbox2d.dynamics.World;
import org.junit.jupiter.api.Test;
import org.ode4j.math.DQuaternion;
import org.ode4j.math.DQuaternionC;
import org.ode4j.math.DVector3C;
import org.ode4j.ode.DBody;
import org.ode4j.ode.DMass;
import org.ode4j.ode.DWorld;
import org.ode4j.ode.OdeHelper;

import dev.statesync.codec.predict.BallisticPredictor;
import dev.statesync.codec.predict.IntegratorModel;
import dev.statesync.codec.predict.PredictionInput;
import dev.statesync.codec.quantize.StateQuantizer;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

/**
 * The fixed-point ballistic predictor against the real engines: bodies in free flight, state quantized on
 * both sides every tick, predicted from a baseline 1, 6 (100 ms at 60 Hz) and 12 ticks old. Fiedler matched
 * PhysX within the quantum about 90% of the time; we must too.
 */
class FreeFlightPredictionTest
{
    private static final int BODIES = 24;
    private static final int TICKS = 90;

    /** Exact-match rates of every (body, tick) prediction: whole record, and position + velocities only. */
    record Rates(double wholeRecord, double positionAndVelocities, long predictions)
    {
    }

    @Test
    void jbox2dFreeFlightIsPredictedExactlyAtLeastNinetyPercentOfTheTime()
    {
        final StateSchema schema = StateSchema.highPrecision2d();
        final QuantizedStates[] history = recordJbox2d(schema);
        final BallisticPredictor predictor = new BallisticPredictor(schema, IntegratorModel.jbox2d(0, -10, 0, 0, 60), true);
        for (final int gap : new int[]{1, 6, 12})
        {
            final Rates rates = measure(schema, predictor, history, gap);
            System.out.printf("JBox2D free flight, %2d-tick baseline: %.4f whole record, %.4f position+velocity (%d)%n",
                gap, rates.wholeRecord, rates.positionAndVelocities, rates.predictions);
            // Measured: 100% at every gap (the float tie zone of the authority's snap is modelled exactly).
            assertTrue(rates.wholeRecord >= 0.99, "gap " + gap + ": " + rates);
        }
    }

    @Test
    void odeFreeFlightIncludingRotationIsPredictedExactlyAtLeastNinetyPercentOfTheTime()
    {
        final StateSchema schema = StateSchema.highPrecision3d();
        final QuantizedStates[] history = recordOde(schema);
        final BallisticPredictor predictor =
            new BallisticPredictor(schema, IntegratorModel.ode(-20, 0.01, 0.01, 0.01, 0.01, 60), true);
        for (final int gap : new int[]{1, 6, 12})
        {
            final Rates rates = measure(schema, predictor, history, gap);
            System.out.printf("ode4j free flight, %2d-tick baseline: %.4f whole record, %.4f position+velocity (%d)%n",
                gap, rates.wholeRecord, rates.positionAndVelocities, rates.predictions);
            // Measured: 100% at every gap, rotation included (integrated from angular velocity in fixed point).
            assertTrue(rates.wholeRecord >= 0.99, "gap " + gap + ": " + rates);
        }
    }

    private static Rates measure(
        final StateSchema schema, final BallisticPredictor predictor, final QuantizedStates[] history, final int gap)
    {
        final int stride = schema.stride();
        final int[] predicted = new int[stride];
        final StateRecord prediction = new StateRecord(schema, predicted, 0);
        final PredictionInput in = new PredictionInput(schema);
        long whole = 0;
        long kinematic = 0;
        long count = 0;
        for (int tick = gap; tick < history.length; tick++)
        {
            for (int body = 0; body < BODIES; body++)
            {
                final QuantizedStates baseline = history[tick - gap];
                predictor.predict(in.newest(baseline.array(), baseline.offsetOf(body), gap), prediction);
                final int[] actual = history[tick].array();
                final int offset = history[tick].offsetOf(body);
                if (Arrays.equals(predicted, 0, stride, actual, offset, offset + stride))
                {
                    whole++;
                }
                if (sameExceptRotation(schema, predicted, actual, offset))
                {
                    kinematic++;
                }
                count++;
            }
        }
        return new Rates(whole / (double)count, kinematic / (double)count, count);
    }

    private static boolean sameExceptRotation(final StateSchema schema, final int[] predicted, final int[] actual, final int offset)
    {
        for (int f = 0; f < schema.stride(); f++)
        {
            final boolean rotation = f >= schema.rotationOffset() && f < schema.rotationOffset() + schema.rotationFields();
            if (!rotation && predicted[f] != actual[offset + f])
            {
                return false;
            }
        }
        return true;
    }

    private static QuantizedStates[] recordJbox2d(final StateSchema schema)
    {
        final World world = new World(new Vec2(0, -10));
        world.setWarmStarting(false);
        final SplittableRandom random = new SplittableRandom(42);
        final Body[] bodies = new Body[BODIES];
        for (int i = 0; i < BODIES; i++)
        {
            final BodyDef def = new BodyDef();
            def.type = BodyType.DYNAMIC;
            def.position.set(-100 + 9 * i, 100);
            def.angle = (float)random.nextDouble(-3, 3);
            def.linearVelocity.set((float)random.nextDouble(-8, 8), (float)random.nextDouble(-2, 12));
            def.angularVelocity = (float)random.nextDouble(-6, 6);
            bodies[i] = world.createBody(def);
            final PolygonShape box = new PolygonShape();
            box.setAsBox(0.5f, 0.5f);
            bodies[i].createFixture(box, 1f);
        }
        final StateQuantizer quantizer = new StateQuantizer(schema, BODIES);
        final float[] record = new float[StateQuantizer.FLOATS_2D];
        final QuantizedStates[] history = new QuantizedStates[TICKS];
        for (int tick = 0; tick < TICKS; tick++)
        {
            world.step(1f / 60, 8, 3);
            final QuantizedStates states = new QuantizedStates(schema, BODIES);
            for (int i = 0; i < BODIES; i++)
            {
                final Body body = bodies[i];
                record[0] = body.getPosition().x;
                record[1] = body.getPosition().y;
                record[2] = body.getAngle();
                record[3] = body.getLinearVelocity().x;
                record[4] = body.getLinearVelocity().y;
                record[5] = body.getAngularVelocity();
                record[6] = 0;
                quantizer.quantize(i, record, 0, states);
                quantizer.dequantize(states, i, record, 0);
                body.setTransform(new Vec2(record[0], record[1]), record[2]);
                body.setLinearVelocity(new Vec2(record[3], record[4]));
                body.setAngularVelocity(record[5]);
            }
            history[tick] = states;
        }
        return history;
    }

    private static QuantizedStates[] recordOde(final StateSchema schema)
    {
        final DWorld world = OdeHelper.createWorld();
        world.setGravity(0, 0, -20);
        world.setLinearDamping(0.01);
        world.setAngularDamping(0.01);
        final SplittableRandom random = new SplittableRandom(43);
        final DBody[] bodies = new DBody[BODIES];
        for (int i = 0; i < BODIES; i++)
        {
            final DBody body = OdeHelper.createBody(world);
            final DMass mass = OdeHelper.createMass();
            mass.setBox(1, 0.4, 0.4, 0.4);
            body.setMass(mass);
            body.setPosition(-100 + 9 * i, 20, random.nextDouble(20, 28));
            body.setLinearVel(random.nextDouble(-5, 5), random.nextDouble(-5, 5), random.nextDouble(0, 8));
            body.setAngularVel(random.nextDouble(-3, 3), random.nextDouble(-3, 3), random.nextDouble(-3, 3));
            bodies[i] = body;
        }
        final StateQuantizer quantizer = new StateQuantizer(schema, BODIES);
        final float[] record = new float[StateQuantizer.FLOATS_3D];
        final QuantizedStates[] history = new QuantizedStates[TICKS];
        for (int tick = 0; tick < TICKS; tick++)
        {
            world.quickStep(1.0 / 60);
            final QuantizedStates states = new QuantizedStates(schema, BODIES);
            for (int i = 0; i < BODIES; i++)
            {
                final DBody body = bodies[i];
                final DVector3C p = body.getPosition();
                final DQuaternionC q = body.getQuaternion();
                final DVector3C v = body.getLinearVel();
                final DVector3C w = body.getAngularVel();
                record[0] = (float)p.get0();
                record[1] = (float)p.get1();
                record[2] = (float)p.get2();
                record[3] = (float)q.get1();
                record[4] = (float)q.get2();
                record[5] = (float)q.get3();
                record[6] = (float)q.get0();
                record[7] = (float)v.get0();
                record[8] = (float)v.get1();
                record[9] = (float)v.get2();
                record[10] = (float)w.get0();
                record[11] = (float)w.get1();
                record[12] = (float)w.get2();
                record[13] = 0;
                quantizer.quantize(i, record, 0, states);
                quantizer.dequantize(states, i, record, 0);
                body.setPosition(record[0], record[1], record[2]);
                body.setQuaternion(new DQuaternion(record[6], record[3], record[4], record[5]));
                body.setLinearVel(record[7], record[8], record[9]);
                body.setAngularVel(record[10], record[11], record[12]);
            }
            history[tick] = states;
        }
        return history;
    }
}
