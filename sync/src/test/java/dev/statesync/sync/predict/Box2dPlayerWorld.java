package dev.statesync.sync.predict;

import org.jbox2d.collision.shapes.PolygonShape;
import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;
import org.jbox2d.dynamics.BodyDef;
import org.jbox2d.dynamics.BodyType;
import org.jbox2d.dynamics.ContactManager;
import org.jbox2d.dynamics.Fixture;
import org.jbox2d.dynamics.FixtureDef;
import org.jbox2d.dynamics.World;

/**
 * The JBox2D adapter (test code: the library must not depend on JBox2D): a player box driven by inputs, some
 * loose crates and the ground, with save slots for every dynamic body.
 *
 * <p>What it takes for a restored JBox2D world to replay bit-exactly (DESIGN §5):
 * <ul>
 * <li>warm starting off: cached contact impulses are state that saving bodies does not capture;</li>
 * <li>sleeping and continuous physics off: sleep timers and TOI sub-steps are hidden state too;</li>
 * <li>the contact list rebuilt before every step (defensive): the solver follows the contact list, whose
 * order depends on when contacts were created. Destroying them and re-finding them from the broad phase (pairs
 * come out sorted by proxy id) makes it a function of the body positions alone, on the client, in replays and
 * on the server. In this scene replays are also bit-exact without it ({@code setTransform} already finds new
 * contacts), so it is insurance for busier scenes, not a measured necessity;</li>
 * <li>{@code getPosition()} and {@code getLinearVelocity()} return live vectors: copy the numbers.</li>
 * </ul>
 */
final class Box2dPlayerWorld implements SimulationWorld<BodyState, TestInput>
{
    static final float DT = 1.0f / 60.0f;
    static final int VALUES_PER_BODY = 6;

    final World world;
    final Body player;
    private final Body[] dynamicBodies;
    private final float[][] slots;
    private final Vec2 scratch = new Vec2();

    Box2dPlayerWorld(final int slotCount, final int crateCount)
    {
        world = new World(new Vec2(0.0f, -10.0f));
        world.setWarmStarting(false);
        world.setAllowSleep(false);
        world.setContinuousPhysics(false);

        final BodyDef groundDef = new BodyDef();
        groundDef.position.set(0.0f, -0.5f);
        final Body ground = world.createBody(groundDef);
        final PolygonShape groundShape = new PolygonShape();
        groundShape.setAsBox(200.0f, 0.5f);
        ground.createFixture(groundShape, 0.0f);

        dynamicBodies = new Body[1 + crateCount];
        player = createBox(0.0f, 0.5f, 0.5f);
        dynamicBodies[0] = player;
        for (int i = 0; i < crateCount; i++)
        {
            final float x = (i % 2 == 0 ? 3.0f : -3.0f) * (1 + i / 2);
            dynamicBodies[1 + i] = createBox(x, 0.4f, 0.4f);
        }
        slots = new float[slotCount + 1][dynamicBodies.length * VALUES_PER_BODY]; // + 1: snapshot()
    }

    private Body createBox(final float x, final float y, final float halfSize)
    {
        final BodyDef def = new BodyDef();
        def.type = BodyType.DYNAMIC;
        def.position.set(x, y);
        final Body body = world.createBody(def);
        final PolygonShape shape = new PolygonShape();
        shape.setAsBox(halfSize, halfSize);
        final FixtureDef fixture = new FixtureDef();
        fixture.shape = shape;
        fixture.density = 1.0f;
        fixture.friction = 0.5f;
        body.createFixture(fixture);
        return body;
    }

    public void saveState(final int slot)
    {
        final float[] values = slots[slot];
        int i = 0;
        for (final Body body : dynamicBodies)
        {
            final Vec2 position = body.getPosition();
            final Vec2 velocity = body.getLinearVelocity();
            values[i++] = position.x;
            values[i++] = position.y;
            values[i++] = body.getAngle();
            values[i++] = velocity.x;
            values[i++] = velocity.y;
            values[i++] = body.getAngularVelocity();
        }
    }

    public void restoreState(final int slot)
    {
        final float[] values = slots[slot];
        int i = 0;
        for (final Body body : dynamicBodies)
        {
            set(body, values[i], values[i + 1], values[i + 2], values[i + 3], values[i + 4], values[i + 5]);
            i += VALUES_PER_BODY;
        }
    }

    public void step(final TestInput input)
    {
        rebuildContacts();
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

    private void rebuildContacts()
    {
        final ContactManager contacts = world.getContactManager();
        while (contacts.m_contactList != null)
        {
            contacts.destroy(contacts.m_contactList);
        }
        for (Body body = world.getBodyList(); body != null; body = body.getNext())
        {
            for (Fixture fixture = body.getFixtureList(); fixture != null; fixture = fixture.getNext())
            {
                fixture.refilter(); // touches the proxy so the broad phase reports its pairs again
            }
        }
        contacts.findNewContacts();
    }

    public void readState(final BodyState dst)
    {
        final Vec2 position = player.getPosition();
        final Vec2 velocity = player.getLinearVelocity();
        dst.x = position.x;
        dst.y = position.y;
        dst.angle = player.getAngle();
        dst.vx = velocity.x;
        dst.vy = velocity.y;
        dst.angularVelocity = player.getAngularVelocity();
    }

    public void writeState(final BodyState src)
    {
        set(player, src.x, src.y, src.angle, src.vx, src.vy, src.angularVelocity);
    }

    private void set(
        final Body body, final float x, final float y, final float angle, final float vx, final float vy, final float w)
    {
        scratch.set(x, y);
        body.setTransform(scratch, angle);
        scratch.set(vx, vy);
        body.setLinearVelocity(scratch);
        body.setAngularVelocity(w);
    }

    /** Copy every dynamic body's state, for comparing whole worlds. */
    float[] snapshot()
    {
        final float[] values = new float[dynamicBodies.length * VALUES_PER_BODY];
        final int spare = slots.length - 1;
        saveState(spare);
        System.arraycopy(slots[spare], 0, values, 0, values.length);
        return values;
    }
}
