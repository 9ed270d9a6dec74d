package dev.statesync.bench.box2d;

import org.jbox2d.collision.shapes.PolygonShape;
import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;
import org.jbox2d.dynamics.BodyDef;
import org.jbox2d.dynamics.BodyType;
import org.jbox2d.dynamics.World;

/** The static ground of the JBox2D worlds: one body, its top surface at y = 0. */
public final class StaticGround
{
    private static final float FLOOR_HALF_THICKNESS_M = 1.0f;
    private static final float WALL_HALF_THICKNESS_M = 1.0f;

    private StaticGround()
    {
    }

    /**
     * A floor 2 m thick with a wall 2 m thick standing on each side: the scenes' arena. Fixtures in the order
     * floor, left wall, right wall (the broad phase's proxy ids, so contact order, follow it).
     *
     * @param floorHalfWidthM half the floor's width, metres.
     * @param wallCentreXM    distance of each wall's centre from x = 0, metres.
     * @param wallHeightM     wall height above the floor, metres.
     * @param friction        friction coefficient of every fixture.
     */
    public static Body floorBetweenWalls(
        final World world, final float floorHalfWidthM, final float wallCentreXM, final float wallHeightM, final float friction)
    {
        final Body ground = world.createBody(staticDef(0.0f));
        final PolygonShape floor = new PolygonShape();
        floor.setAsBox(floorHalfWidthM, FLOOR_HALF_THICKNESS_M, new Vec2(0.0f, -FLOOR_HALF_THICKNESS_M), 0.0f);
        ground.createFixture(floor, 0.0f).setFriction(friction);
        for (int side = -1; side <= 1; side += 2)
        {
            final PolygonShape wall = new PolygonShape();
            wall.setAsBox(WALL_HALF_THICKNESS_M, 0.5f * wallHeightM, new Vec2(side * wallCentreXM, 0.5f * wallHeightM), 0.0f);
            ground.createFixture(wall, 0.0f).setFriction(friction);
        }
        return ground;
    }

    /**
     * A flat slab 1 m thick, JBox2D's default friction: the ground of the rewind benchmark and the prediction tests.
     *
     * @param halfWidthM half its width, metres.
     */
    public static Body flat(final World world, final float halfWidthM)
    {
        final Body ground = world.createBody(staticDef(-0.5f));
        final PolygonShape shape = new PolygonShape();
        shape.setAsBox(halfWidthM, 0.5f);
        ground.createFixture(shape, 0.0f);
        return ground;
    }

    private static BodyDef staticDef(final float yM)
    {
        final BodyDef def = new BodyDef();
        def.type = BodyType.STATIC;
        def.position.set(0.0f, yM);
        return def;
    }
}
