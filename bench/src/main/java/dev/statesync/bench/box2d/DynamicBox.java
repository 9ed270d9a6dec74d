package dev.statesync.bench.box2d;

import org.jbox2d.collision.shapes.PolygonShape;
import org.jbox2d.dynamics.Body;
import org.jbox2d.dynamics.BodyDef;
import org.jbox2d.dynamics.BodyType;
import org.jbox2d.dynamics.FixtureDef;
import org.jbox2d.dynamics.World;

/**
 * A kind of dynamic box body: every box, crate and player of the JBox2D scenes, benchmarks and tests is created
 * here, so they are all built the same way (one fixture, centre of mass at the body origin, so the position
 * written by {@code setTransform} is the sweep centre).
 *
 * @param halfWidthM     half the width, metres.
 * @param halfHeightM    half the height, metres.
 * @param densityKgPerM2 density, kg/m^2.
 * @param friction       friction coefficient.
 * @param fixedRotation  true for a body that never rotates (a player).
 */
public record DynamicBox(
    float halfWidthM, float halfHeightM, float densityKgPerM2, float friction, boolean fixedRotation)
{
    /** @return a square box of half size {@code halfSizeM} that rotates freely. */
    public static DynamicBox square(final float halfSizeM, final float densityKgPerM2, final float friction)
    {
        return new DynamicBox(halfSizeM, halfSizeM, densityKgPerM2, friction, false);
    }

    /** @return the same box with rotation fixed or free. */
    public DynamicBox withFixedRotation(final boolean fixed)
    {
        return new DynamicBox(halfWidthM, halfHeightM, densityKgPerM2, friction, fixed);
    }

    /**
     * Create one in {@code world}, awake.
     *
     * @param xM       centre x, metres.
     * @param yM       centre y, metres.
     * @param angleRad angle, radians.
     * @return the body.
     */
    public Body create(final World world, final float xM, final float yM, final float angleRad)
    {
        final BodyDef def = new BodyDef();
        def.type = BodyType.DYNAMIC;
        def.position.set(xM, yM);
        def.angle = angleRad;
        def.fixedRotation = fixedRotation;
        final Body body = world.createBody(def);
        final PolygonShape shape = new PolygonShape();
        shape.setAsBox(halfWidthM, halfHeightM);
        final FixtureDef fixture = new FixtureDef();
        fixture.shape = shape;
        fixture.density = densityKgPerM2;
        fixture.friction = friction;
        body.createFixture(fixture);
        return body;
    }
}
