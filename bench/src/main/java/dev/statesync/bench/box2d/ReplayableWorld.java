package dev.statesync.bench.box2d;

import org.jbox2d.dynamics.Body;
import org.jbox2d.dynamics.ContactManager;
import org.jbox2d.dynamics.Fixture;
import org.jbox2d.dynamics.World;

/**
 * What a JBox2D (2.2.1.1) world needs so that restoring its bodies ({@link BodySlots}) and stepping again
 * replays bit-exactly, as client-side prediction's rewind and replay requires:
 * <ul>
 * <li>warm starting off: cached contact impulses are state that saving bodies does not capture;</li>
 * <li>sleeping and continuous physics off: sleep timers and time-of-impact sub-steps are hidden state too;</li>
 * <li>optionally, the contact list rebuilt before every step ({@link #rebuildContacts}): the solver follows the
 * contact list, whose order depends on when contacts were created. Destroying them and re-finding them from the
 * broad phase (pairs come out sorted by proxy id) makes it a function of the body positions alone.</li>
 * </ul>
 */
public final class ReplayableWorld
{
    private ReplayableWorld()
    {
    }

    /** Turn off the hidden state listed above; call before the first step. */
    public static World configure(final World world)
    {
        world.setWarmStarting(false);
        world.setAllowSleep(false);
        world.setContinuousPhysics(false);
        return world;
    }

    /** Destroy every contact and find them again from the broad phase; call before a step. */
    public static void rebuildContacts(final World world)
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
}
