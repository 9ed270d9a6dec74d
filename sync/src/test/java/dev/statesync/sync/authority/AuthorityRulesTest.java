package dev.statesync.sync.authority;

import static dev.statesync.sync.authority.ObjectAuthority.NO_PEER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AuthorityRulesTest
{
    private static final int HOST = 0;

    private final ObjectAuthority host = new ObjectAuthority();
    private final ObjectAuthority guest1 = new ObjectAuthority();
    private final ObjectAuthority guest2 = new ObjectAuthority();

    @Test
    void shouldLetTheFirstOfTwoEqualGrabsWinAtTheHostAndMakeTheLoserYield()
    {
        assertTrue(AuthorityRules.tryTakeOwnership(guest1, 1));
        assertTrue(AuthorityRules.tryTakeOwnership(guest2, 2));
        assertTrue(AuthorityRules.hostAcceptsGuestUpdate(host, 1, guest1));
        assertFalse(AuthorityRules.hostAcceptsGuestUpdate(host, 2, guest2));
        assertEquals(1, host.ownerPeer());

        assertFalse(AuthorityRules.guestAcceptsHostUpdate(guest1, 1, host), "winner ignores its own echo");
        assertTrue(AuthorityRules.guestAcceptsHostUpdate(guest2, 2, host), "loser is overridden");
        assertEquals(1, guest2.ownerPeer());
        assertFalse(AuthorityRules.tryTakeOwnership(guest2, 2), "cannot grab what another owns");
        assertFalse(AuthorityRules.tryTakeAuthority(guest2, 2), "nor take authority of it");
    }

    @Test
    void shouldLetANewerOwnershipSequenceWinOverANewerAuthoritySequence()
    {
        host.set(1, NO_PEER, 7, 3, false); // guest 1 threw something at the object: authority 7
        guest2.set(NO_PEER, NO_PEER, 6, 3, false);
        AuthorityRules.tryTakeOwnership(guest2, 2); // ownership 4, authority 7
        assertTrue(AuthorityRules.hostAcceptsGuestUpdate(host, 2, guest2));
        assertEquals(2, host.ownerPeer());
        assertEquals(2, host.authorityPeer());
    }

    @Test
    void shouldAcceptTheCurrentAuthoritysStreamAtEqualSequencesOnly()
    {
        AuthorityRules.tryTakeAuthority(guest1, 1);
        assertTrue(AuthorityRules.hostAcceptsGuestUpdate(host, 1, guest1));
        assertTrue(AuthorityRules.hostAcceptsGuestUpdate(host, 1, guest1), "same sequences from the authority");
        guest2.set(2, NO_PEER, guest1.authoritySequence(), 0, false);
        assertFalse(AuthorityRules.hostAcceptsGuestUpdate(host, 2, guest2), "same sequences from another peer");
    }

    @Test
    void shouldRejectAGuestSpeakingForAnotherPeer()
    {
        guest1.set(2, NO_PEER, 5, 0, false);
        assertFalse(AuthorityRules.hostAcceptsGuestUpdate(host, 1, guest1));
    }

    @Test
    void shouldReturnAuthorityToDefaultOnlyAfterTheHostConfirmsRest()
    {
        AuthorityRules.tryTakeOwnership(guest1, 1);
        AuthorityRules.hostAcceptsGuestUpdate(host, 1, guest1);
        AuthorityRules.releaseOwnership(guest1, 1);
        AuthorityRules.hostAcceptsGuestUpdate(host, 1, guest1);
        assertEquals(1, host.authorityPeer(), "thrown: the thrower keeps authority");

        assertTrue(AuthorityRules.onRest(guest1, 1, false));
        assertEquals(1, guest1.authorityPeer(), "held until the host confirms");
        final ObjectAuthority staleHost = new ObjectAuthority().set(host);
        assertFalse(AuthorityRules.guestAcceptsHostUpdate(guest1, 1, staleHost));

        assertTrue(AuthorityRules.hostAcceptsGuestUpdate(host, 1, guest1));
        assertEquals(NO_PEER, host.authorityPeer());
        assertTrue(AuthorityRules.guestAcceptsHostUpdate(guest1, 1, host));
        assertEquals(NO_PEER, guest1.authorityPeer());
    }

    @Test
    void shouldNotPutAReleasedObjectBackInTheHandOnAStaleHostUpdate()
    {
        AuthorityRules.tryTakeOwnership(guest1, 1);
        AuthorityRules.hostAcceptsGuestUpdate(host, 1, guest1);
        final ObjectAuthority staleHost = new ObjectAuthority().set(host);
        AuthorityRules.releaseOwnership(guest1, 1);
        assertFalse(AuthorityRules.guestAcceptsHostUpdate(guest1, 1, staleHost));
        assertEquals(NO_PEER, guest1.ownerPeer());
    }

    @Test
    void shouldOrderSequencesAcrossTheWrap()
    {
        host.set(NO_PEER, NO_PEER, 65535, 65535, false);
        guest1.set(NO_PEER, NO_PEER, 65535, 65535, false);
        AuthorityRules.tryTakeOwnership(guest1, 1);
        assertEquals(0, guest1.ownershipSequence());
        assertTrue(AuthorityRules.hostAcceptsGuestUpdate(host, 1, guest1));
    }

    @Test
    void shouldLetTheHostPlayerWinATieAgainstAGuest()
    {
        AuthorityRules.tryTakeAuthority(host, HOST);
        AuthorityRules.tryTakeAuthority(guest1, 1);
        assertFalse(AuthorityRules.hostAcceptsGuestUpdate(host, 1, guest1));
        assertTrue(AuthorityRules.guestAcceptsHostUpdate(guest1, 1, host));
        assertEquals(HOST, guest1.authorityPeer());
    }
}
