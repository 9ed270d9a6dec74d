package dev.statesync.sync.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.quantize.BoundedQuantizer;
import dev.statesync.codec.quantize.SmallestThree;
import dev.statesync.sync.predict.Pose;
import dev.statesync.sync.sim.DatagramHandler;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorCounters;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class HeldObjectsTest
{
    private static final int MAX_HELD = 2;
    private static final int MAX_OBJECTS = 64;
    private static final int ROTATION_BITS = 11;
    private static final BoundedQuantizer OFFSET_M = BoundedQuantizer.ofResolution(-4.0f, 4.0f, 1024.0f);
    private static final double MAX_OFFSET_ERROR_M = Math.sqrt(3.0) * OFFSET_M.step() / 2.0 + 1e-6;
    private static final double MAX_ANGLE_ERROR_RAD = SmallestThree.maxAngleErrorRadians(ROTATION_BITS) + 1e-6;

    private final HeldObjects held = newHeld();
    private final Pose holder = new Pose().set2d(1.0, 2.0, Math.toRadians(30.0));
    private final Pose object = new Pose();
    private final Pose shown = new Pose();
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();

    private static HeldObjects newHeld()
    {
        return new HeldObjects(MAX_HELD, MAX_OBJECTS, OFFSET_M, new SmallestThree(ROTATION_BITS));
    }

    private static Pose rotatedAboutZ(final Pose pose, final double x, final double y, final double z, final double deg)
    {
        final double half = Math.toRadians(deg) * 0.5;
        return pose.set(x, y, z, 0.0, 0.0, Math.sin(half), Math.cos(half));
    }

    @Test
    void shouldRebuildTheHeldObjectsWorldPoseFromTheHolderWithinQuantization()
    {
        rotatedAboutZ(object, 1.5, 2.3, 0.1, 75.0);
        assertTrue(held.hold(7, holder, object));
        held.worldPose(0, holder, shown);
        assertNear(object, shown);
    }

    @Test
    void shouldFollowTheHolderWhenItWalksAndTurns()
    {
        rotatedAboutZ(object, 1.5, 2.3, 0.1, 75.0);
        held.hold(7, holder, object);

        // Independently: the offset in the holder's frame, turned by the holder's new heading.
        final double dx = 0.5;
        final double dy = 0.3;
        final double toLocal = Math.toRadians(-30.0);
        final double lx = dx * Math.cos(toLocal) - dy * Math.sin(toLocal);
        final double ly = dx * Math.sin(toLocal) + dy * Math.cos(toLocal);
        final double heading = Math.toRadians(150.0);
        holder.set2d(5.0, -1.0, heading);
        final Pose expected = rotatedAboutZ(new Pose(),
            5.0 + lx * Math.cos(heading) - ly * Math.sin(heading),
            -1.0 + lx * Math.sin(heading) + ly * Math.cos(heading),
            0.1, 75.0 - 30.0 + 150.0);

        held.worldPose(0, holder, shown);
        assertNear(expected, shown);
    }

    @Test
    void shouldGiveEveryReceiverExactlyTheHoldersOwnFloats()
    {
        held.hold(7, holder, rotatedAboutZ(object, 1.5, 2.3, 0.1, 75.0));
        held.hold(9, holder, rotatedAboutZ(object, 0.2, 1.7, -0.4, -20.0));
        final HeldObjects received = newHeld();
        writer.wrap(buffer, 0, buffer.capacity());
        held.serialize(writer);
        received.serialize(reader.wrap(buffer, 0, writer.flush()));
        assertFalse(reader.isFailed());

        assertEquals(2, received.count());
        holder.set2d(-3.0, 0.5, 2.0);
        final Pose mine = new Pose();
        for (int i = 0; i < 2; i++)
        {
            assertEquals(held.objectId(i), received.objectId(i));
            held.worldPose(i, holder, mine);
            received.worldPose(i, holder, shown);
            assertEquals(mine.toString(), shown.toString(), "bit-for-bit the same pose");
        }
    }

    @Test
    void shouldCostTwoBitsForAnEmptyHandAndTheRelativePosePerHeldObject()
    {
        final BitMeasure measure = new BitMeasure();
        held.serialize(measure);
        assertEquals(2, measure.bitsProcessed());
        held.hold(7, holder, rotatedAboutZ(object, 1.5, 2.3, 0.1, 75.0));
        final BitMeasure one = new BitMeasure();
        held.serialize(one);
        assertEquals(2 + 6 + 3 * OFFSET_M.bits() + 2 + 3 * ROTATION_BITS, one.bitsProcessed());
    }

    @Test
    void shouldRefuseAThirdObjectWhenBothHandsAreFullAndForgetReleasedOnes()
    {
        rotatedAboutZ(object, 1.5, 2.3, 0.1, 75.0);
        assertTrue(held.hold(1, holder, object));
        assertTrue(held.hold(2, holder, object));
        assertTrue(held.hold(2, holder, object), "re-gripping a held object is not a new slot");
        assertFalse(held.hold(3, holder, object));
        assertTrue(held.release(1));
        assertFalse(held.release(1));
        assertEquals(1, held.count());
        assertEquals(2, held.objectId(0));
        assertEquals(-1, held.indexOf(1));
        assertTrue(held.hold(3, holder, object));
    }

    @Test
    void shouldFailAndHoldNothingOnAHostileCount()
    {
        writer.wrap(buffer, 0, buffer.capacity());
        writer.serializeBits(3, 2); // three held objects, more than two hands
        writer.serializeBits(0, 30);
        final HeldObjects received = newHeld();
        received.serialize(reader.wrap(buffer, 0, writer.flush()));
        assertTrue(reader.isFailed());
        assertEquals(0, received.count());
    }

    /**
     * A guest grabs an object (ownership through {@link AuthorityRules}) and walks and turns with it; the
     * object has no update stream of its own: its relative pose rides in the player's state, over 25% loss. For
     * every player state the host receives, the host shows the object exactly where the guest showed it for
     * that tick.
     */
    @Test
    void shouldShowAHeldObjectExactlyWhereItsHolderShowsItOnTheHostOverALossyLink()
    {
        final int host = 0;
        final int guest = 1;
        final int objectId = 5;
        final int ticks = 240;
        final NetworkSimulator network = new NetworkSimulator(new NetworkSimulatorConfig()
            .seed(99).latencyMs(60.0).jitterMs(5.0).lossFraction(0.25).maxEndpoints(2));
        final ObjectAuthority guestRecord = new ObjectAuthority();
        final ObjectAuthority hostRecord = new ObjectAuthority();
        final ObjectAuthority wireRecord = new ObjectAuthority();
        final HeldObjects hostView = newHeld();
        final Pose hostHolder = new Pose();
        final Pose hostObject = new Pose();
        final double[][] guestObjectPerTick = new double[ticks][];
        final int[] received = {0};

        final DatagramHandler hostReceives = (from, to, datagram, offset, length) ->
        {
            reader.wrap(datagram, offset, length);
            final int sentTick = reader.serializeBits(0, 16);
            final float x = reader.serializeFloat(0.0f);
            final float y = reader.serializeFloat(0.0f);
            final float angle = reader.serializeFloat(0.0f);
            wireRecord.serialize(reader, 2);
            hostView.serialize(reader);
            assertFalse(reader.isFailed());
            AuthorityRules.hostAcceptsGuestUpdate(hostRecord, from, wireRecord);
            hostHolder.set2d(x, y, angle);
            hostView.worldPose(hostView.indexOf(objectId), hostHolder, hostObject);
            final double[] g = guestObjectPerTick[sentTick];
            assertEquals(
                new Pose().set(g[0], g[1], g[2], g[3], g[4], g[5], g[6]).toString(), hostObject.toString(),
                "tick " + sentTick);
            received[0]++;
        };

        assertTrue(AuthorityRules.tryTakeOwnership(guestRecord, guest));
        holder.set2d(0.0, 0.0, 0.0);
        held.hold(objectId, holder, rotatedAboutZ(object, 0.6, 0.9, 0.0, 10.0));
        final long tickNs = 1_000_000_000L / 60;
        for (int tick = 0; tick < ticks; tick++)
        {
            final long nowNs = (tick + 1) * tickNs;
            // The holder's state as sent (floats): the guest displays what every peer receives.
            final float holderX = 0.05f * tick;
            final float holderY = (float)Math.sin(tick * 0.05);
            final float holderAngle = tick * 0.03f;
            holder.set2d(holderX, holderY, holderAngle);
            held.worldPose(0, holder, shown);
            guestObjectPerTick[tick] = new double[] {shown.x, shown.y, shown.z, shown.qx, shown.qy, shown.qz, shown.qw};

            writer.wrap(buffer, 0, buffer.capacity());
            writer.serializeBits(tick, 16);
            writer.serializeFloat(holderX);
            writer.serializeFloat(holderY);
            writer.serializeFloat(holderAngle);
            wireRecord.set(guestRecord).serialize(writer, 2);
            held.serialize(writer);
            network.send(guest, host, buffer, 0, writer.flush(), nowNs);

            network.poll(nowNs, hostReceives);
        }
        assertEquals(guest, hostRecord.ownerPeer(), "the host knows who holds it");
        assertTrue(network.counter(NetworkSimulatorCounters.DROPPED_LOSS) > 30, "the link lost player states");
        assertTrue(received[0] > 150, "received " + received[0]);
    }

    private static void assertNear(final Pose expected, final Pose actual)
    {
        final double positionErrorM = Math.sqrt(square(expected.x - actual.x) + square(expected.y - actual.y) +
            square(expected.z - actual.z));
        assertTrue(positionErrorM <= MAX_OFFSET_ERROR_M, "position off by " + positionErrorM + " m");
        final double dot = Math.abs(expected.qx * actual.qx + expected.qy * actual.qy + expected.qz * actual.qz +
            expected.qw * actual.qw);
        final double angleErrorRad = 2.0 * Math.acos(Math.min(1.0, dot));
        assertTrue(angleErrorRad <= MAX_ANGLE_ERROR_RAD, "rotation off by " + angleErrorRad + " rad");
    }

    private static double square(final double x)
    {
        return x * x;
    }
}
