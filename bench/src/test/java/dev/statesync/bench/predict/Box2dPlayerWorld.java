package dev.statesync.bench.predict;

import dev.statesync.bench.box2d.BodySlots;
import dev.statesync.bench.box2d.BodyState;
import dev.statesync.bench.box2d.DynamicBox;
import dev.statesync.bench.box2d.ReplayableWorld;
import dev.statesync.bench.box2d.StaticGround;
import dev.statesync.sync.predict.SimulationWorld;
import dev.statesync.sync.predict.TestInput;
import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;
import org.jbox2d.dynamics.World;

/**
 * A small JBox2D world for the prediction engine's tests: a player box driven by {@link TestInput}s, some loose
 * crates and the ground, with save slots for every dynamic body. It is {@link ReplayableWorld configured} for
 * bit-exact replay and rebuilds its contacts before every step (defensive: in this scene replays are also
 * bit-exact without it, since {@code setTransform} already finds new contacts).
 */
final class Box2dPlayerWorld implements SimulationWorld<BodyState, TestInput>
{
    static final float DT = 1.0f / 60.0f;

    final World world;
    final Body player;
    private final Body[] dynamicBodies;
    private final BodySlots slots;
    private final Vec2 scratch = new Vec2();

    Box2dPlayerWorld(final int slotCount, final int crateCount)
    {
        world = ReplayableWorld.configure(new World(new Vec2(0.0f, -10.0f)));
        StaticGround.flat(world, 200.0f);
        dynamicBodies = new Body[1 + crateCount];
        player = DynamicBox.square(0.5f, 1.0f, 0.5f).create(world, 0.0f, 0.5f, 0.0f);
        dynamicBodies[0] = player;
        final DynamicBox crate = DynamicBox.square(0.4f, 1.0f, 0.5f);
        for (int i = 0; i < crateCount; i++)
        {
            final float x = (i % 2 == 0 ? 3.0f : -3.0f) * (1 + i / 2);
            dynamicBodies[1 + i] = crate.create(world, x, 0.4f, 0.0f);
        }
        slots = new BodySlots(dynamicBodies, slotCount);
    }

    @Override
    public void saveState(final int slot)
    {
        slots.save(slot);
    }

    @Override
    public void restoreState(final int slot)
    {
        slots.restore(slot);
    }

    @Override
    public void step(final TestInput input)
    {
        ReplayableWorld.rebuildContacts(world);
        final Vec2 velocity = player.getLinearVelocity();
        scratch.set(input.moveX * 20.0f, 0.0f);
        player.applyForceToCenter(scratch);
        if (input.jump && Math.abs(velocity.y) < 0.01f && player.getPosition().y < 0.6f)
        {
            scratch.set(0.0f, 5.0f);
            player.applyLinearImpulse(scratch, player.getWorldCenter());
        }
        world.step(DT, 8, 3);
    }

    @Override
    public void readState(final BodyState dst)
    {
        dst.read(player);
    }

    @Override
    public void writeState(final BodyState src)
    {
        slots.write(player, src.x, src.y, src.angle, src.vx, src.vy, src.angularVelocity);
    }

    /** @return every dynamic body's state, {@link BodySlots#VALUES_PER_BODY} floats each, for comparing whole worlds. */
    float[] snapshot()
    {
        final float[] values = new float[dynamicBodies.length * BodySlots.VALUES_PER_BODY];
        slots.readAll(values);
        return values;
    }
}
