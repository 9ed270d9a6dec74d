package dev.statesync.sync.authority;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.quantize.BoundedQuantizer;
import dev.statesync.codec.quantize.SmallestThree;
import dev.statesync.sync.predict.Pose;

/**
 * The objects one player holds, carried in that player's state ("Networked Physics in VR": a held object travels with its
 * holder). Each is sent as its object id plus its pose relative to the holder: position in the holder's frame
 * and rotation relative to the holder's rotation, quantized.
 *
 * <p>Why relative and inside the holder's state: a held object moves rigidly with the hand, so its own update
 * stream would cost a full pose per tick and, interpolated separately, would lag or lead the holder on every
 * remote peer (the cup floats beside the hand). Relative to the holder the pose is usually constant, arrives in
 * the same packet as the holder, and every peer rebuilds the world pose from the holder pose it displays with
 * {@link #worldPose}. The holder keeps only the quantized relative pose, so its own display rebuilds the exact
 * same floats as every receiver.
 *
 * <p>Only an object the holder owns ({@link ObjectAuthority#ownerPeer()}) should be listed: ownership decides
 * who holds, this class only carries where. Wire size: the count in {@code ceil(log2(maxHeld + 1))} bits, then
 * per object its id, three offset codes and one rotation. Mutable, not thread safe; nothing allocates after
 * construction.
 */
public final class HeldObjects
{
    private final int maxHeld;
    private final int maxObjects;
    private final BoundedQuantizer offsetQuantizer;
    private final SmallestThree rotationCodec;
    private final int[] objectIds;
    private final int[] offsetCodes;
    private final int[] rotationCodes;
    private final float[] rotation = new float[4];
    private final double[] rotated = new double[3];
    private int count;

    /**
     * @param maxHeld         most objects one player holds at once (e.g. 2 hands).
     * @param maxObjects      object ids are in [0, maxObjects).
     * @param offsetQuantizer grid of each axis of the held object's position in the holder's frame, metres.
     * @param rotationCodec   codec of the rotation relative to the holder.
     */
    public HeldObjects(
        final int maxHeld,
        final int maxObjects,
        final BoundedQuantizer offsetQuantizer,
        final SmallestThree rotationCodec)
    {
        if (maxHeld < 1 || maxObjects < 1)
        {
            throw new IllegalArgumentException("maxHeld and maxObjects must be >= 1: " + maxHeld + ", " + maxObjects);
        }
        this.maxHeld = maxHeld;
        this.maxObjects = maxObjects;
        this.offsetQuantizer = offsetQuantizer;
        this.rotationCodec = rotationCodec;
        this.objectIds = new int[maxHeld];
        this.offsetCodes = new int[3 * maxHeld];
        this.rotationCodes = new int[SmallestThree.CODES_LENGTH * maxHeld];
    }

    /**
     * The holder picks up (or re-grips) {@code objectId}: remember its pose relative to the holder, quantized.
     *
     * @param holder the holder's world pose now.
     * @param object the object's world pose now.
     * @return false if the hand is full (the object is not held).
     */
    public boolean hold(final int objectId, final Pose holder, final Pose object)
    {
        if (objectId < 0 || objectId >= maxObjects)
        {
            throw new IllegalArgumentException("objectId must be in [0, " + maxObjects + "): " + objectId);
        }
        int index = indexOf(objectId);
        if (index < 0)
        {
            if (count == maxHeld)
            {
                return false;
            }
            index = count++;
            objectIds[index] = objectId;
        }
        // Position in the holder's frame: conj(qh) * (po - ph) * qh.
        final double dx = object.x - holder.x;
        final double dy = object.y - holder.y;
        final double dz = object.z - holder.z;
        final double[] local = rotate(rotated, -holder.qx, -holder.qy, -holder.qz, holder.qw, dx, dy, dz);
        offsetCodes[3 * index] = offsetQuantizer.quantize((float)local[0]);
        offsetCodes[3 * index + 1] = offsetQuantizer.quantize((float)local[1]);
        offsetCodes[3 * index + 2] = offsetQuantizer.quantize((float)local[2]);
        // Rotation relative to the holder: conj(qh) * qo.
        final double ax = -holder.qx;
        final double ay = -holder.qy;
        final double az = -holder.qz;
        final double aw = holder.qw;
        rotationCodec.encode(
            (float)(aw * object.qx + ax * object.qw + ay * object.qz - az * object.qy),
            (float)(aw * object.qy - ax * object.qz + ay * object.qw + az * object.qx),
            (float)(aw * object.qz + ax * object.qy - ay * object.qx + az * object.qw),
            (float)(aw * object.qw - ax * object.qx - ay * object.qy - az * object.qz),
            rotationCodes, SmallestThree.CODES_LENGTH * index);
        return true;
    }

    /**
     * The holder lets go of {@code objectId}; from now on its own state stream (and authority) describes it.
     *
     * @return true if it was held.
     */
    public boolean release(final int objectId)
    {
        final int index = indexOf(objectId);
        if (index < 0)
        {
            return false;
        }
        final int last = --count;
        objectIds[index] = objectIds[last];
        System.arraycopy(offsetCodes, 3 * last, offsetCodes, 3 * index, 3);
        System.arraycopy(rotationCodes, SmallestThree.CODES_LENGTH * last, rotationCodes,
            SmallestThree.CODES_LENGTH * index, SmallestThree.CODES_LENGTH);
        return true;
    }

    /** Hold nothing. */
    public void clear()
    {
        count = 0;
    }

    /** @return objects held. */
    public int count()
    {
        return count;
    }

    /** @return the object id of held entry {@code index}, in [0, count()). */
    public int objectId(final int index)
    {
        checkIndex(index);
        return objectIds[index];
    }

    /** @return the entry holding {@code objectId}, or -1. */
    public int indexOf(final int objectId)
    {
        for (int i = 0; i < count; i++)
        {
            if (objectIds[i] == objectId)
            {
                return i;
            }
        }
        return -1;
    }

    /**
     * Where held entry {@code index} is when its holder is at {@code holder}: the holder's pose composed with the
     * quantized relative pose. Holder and receivers call this with the same holder pose and get the same floats.
     *
     * @param out receives the object's world pose.
     * @return {@code out}.
     */
    public Pose worldPose(final int index, final Pose holder, final Pose out)
    {
        checkIndex(index);
        final double lx = offsetQuantizer.dequantize(offsetCodes[3 * index]);
        final double ly = offsetQuantizer.dequantize(offsetCodes[3 * index + 1]);
        final double lz = offsetQuantizer.dequantize(offsetCodes[3 * index + 2]);
        final double[] world = rotate(rotated, holder.qx, holder.qy, holder.qz, holder.qw, lx, ly, lz);
        rotationCodec.decode(rotationCodes, SmallestThree.CODES_LENGTH * index, rotation, 0);
        final double bx = rotation[0];
        final double by = rotation[1];
        final double bz = rotation[2];
        final double bw = rotation[3];
        final double hx = holder.qx;
        final double hy = holder.qy;
        final double hz = holder.qz;
        final double hw = holder.qw;
        return out.set(
            holder.x + world[0],
            holder.y + world[1],
            holder.z + world[2],
            hw * bx + hx * bw + hy * bz - hz * by,
            hw * by - hx * bz + hy * bw + hz * bx,
            hw * bz + hx * by - hy * bx + hz * bw,
            hw * bw - hx * bx - hy * by - hz * bz);
    }

    /**
     * Write, read or measure the held list as part of the holder's state. A reader fails (sticky, see
     * {@link BitStream#isFailed()}) on a count above {@code maxHeld} or an id out of range, and then holds
     * nothing.
     */
    public void serialize(final BitStream stream)
    {
        count = stream.serializeInt(count, 0, maxHeld);
        for (int i = 0; i < count; i++)
        {
            objectIds[i] = stream.serializeInt(objectIds[i], 0, maxObjects - 1);
            offsetCodes[3 * i] = offsetQuantizer.serialize(stream, offsetCodes[3 * i]);
            offsetCodes[3 * i + 1] = offsetQuantizer.serialize(stream, offsetCodes[3 * i + 1]);
            offsetCodes[3 * i + 2] = offsetQuantizer.serialize(stream, offsetCodes[3 * i + 2]);
            rotationCodec.serialize(stream, rotationCodes, SmallestThree.CODES_LENGTH * i);
        }
        if (stream.isReading() && stream.isFailed())
        {
            count = 0;
        }
    }

    private void checkIndex(final int index)
    {
        if (index < 0 || index >= count)
        {
            throw new IndexOutOfBoundsException("index " + index + " of " + count + " held");
        }
    }

    /**
     * Rotate vector v by unit quaternion q into {@code out}: v + w t + u x t with t = 2 u x v, u = (qx, qy, qz).
     */
    private static double[] rotate(
        final double[] out,
        final double qx, final double qy, final double qz, final double qw,
        final double vx, final double vy, final double vz)
    {
        final double tx = 2.0 * (qy * vz - qz * vy);
        final double ty = 2.0 * (qz * vx - qx * vz);
        final double tz = 2.0 * (qx * vy - qy * vx);
        out[0] = vx + qw * tx + (qy * tz - qz * ty);
        out[1] = vy + qw * ty + (qz * tx - qx * tz);
        out[2] = vz + qw * tz + (qx * ty - qy * tx);
        return out;
    }
}
