package dev.statesync.sync.authority;

import static dev.statesync.sync.authority.ObjectAuthority.NO_PEER;

import dev.statesync.sync.reliable.SequenceNumbers;

/**
 * The authority and ownership rules of distributed simulation (Fiedler, "Networked Physics in VR", 2018), as pure functions over
 * one object's {@link ObjectAuthority}. All packets flow through the host, which arbitrates.
 *
 * <p>Local actions (any peer, the host included, on its own record):
 * <ul>
 * <li>{@link #tryTakeAuthority}: interacting with an object takes authority unless another peer owns it;</li>
 * <li>{@link #tryTakeOwnership}: grabbing takes ownership (and authority) unless another peer owns it;</li>
 * <li>{@link #releaseOwnership}: letting go; authority is kept while the object flies;</li>
 * <li>{@link #onRest}: an object under this peer's authority came to rest: the authority sequence increments
 * and the peer keeps authority, sending the final at-rest state ({@link #guestSends}), until the host
 * confirms.</li>
 * </ul>
 * Arbitration:
 * <ul>
 * <li>{@link #hostAcceptsGuestUpdate}: a newer ownership sequence wins; at equal ownership (and not owned by
 * someone else) a newer authority sequence wins; at equal sequences only the peer the host already knows as
 * the authority is accepted. An accepted at-rest, unowned update returns authority to the default: that is
 * the host's confirmation;</li>
 * <li>{@link #guestAcceptsHostUpdate}: newer sequences win (ownership first); at equal sequences the host's
 * update is accepted unless it says this peer holds authority (then it is only the echo of this peer's own,
 * newer, state). This is how the host overrides a guest that lost a conflict.</li>
 * </ul>
 * One deviation from the seed, to make release unambiguous: releasing ownership increments the ownership
 * sequence too, so a stale host update still naming the old owner cannot put the object back in its hand.
 */
public final class AuthorityRules
{
    private AuthorityRules()
    {
    }

    /**
     * This peer interacts with the object: take authority unless another peer owns it.
     *
     * @return true if this peer now holds authority.
     */
    public static boolean tryTakeAuthority(final ObjectAuthority local, final int self)
    {
        if (local.ownerPeer != NO_PEER && local.ownerPeer != self)
        {
            return false;
        }
        if (local.authorityPeer != self || local.atRest)
        {
            local.authorityPeer = self;
            local.authoritySequence = SequenceNumbers.next(local.authoritySequence);
            local.atRest = false;
        }
        return true;
    }

    /**
     * This peer grabs the object: take ownership and authority unless another peer owns it.
     *
     * @return true if this peer now owns the object.
     */
    public static boolean tryTakeOwnership(final ObjectAuthority local, final int self)
    {
        if (local.ownerPeer != NO_PEER && local.ownerPeer != self)
        {
            return false;
        }
        if (local.ownerPeer != self)
        {
            local.ownerPeer = self;
            local.ownershipSequence = SequenceNumbers.next(local.ownershipSequence);
            local.authorityPeer = self;
            local.authoritySequence = SequenceNumbers.next(local.authoritySequence);
            local.atRest = false;
        }
        return true;
    }

    /**
     * This peer lets go of an object it owns; it keeps authority until the object rests.
     *
     * @return true if it was the owner.
     */
    public static boolean releaseOwnership(final ObjectAuthority local, final int self)
    {
        if (local.ownerPeer != self)
        {
            return false;
        }
        local.ownerPeer = NO_PEER;
        local.ownershipSequence = SequenceNumbers.next(local.ownershipSequence);
        return true;
    }

    /**
     * An unowned object under this peer's authority came to rest. A guest marks it at rest (new authority
     * sequence) and keeps authority until the host confirms; the host returns it to default at once.
     *
     * @return true if the record changed.
     */
    public static boolean onRest(final ObjectAuthority local, final int self, final boolean selfIsHost)
    {
        if (local.authorityPeer != self || local.ownerPeer != NO_PEER || local.atRest)
        {
            return false;
        }
        local.authoritySequence = SequenceNumbers.next(local.authoritySequence);
        local.atRest = true;
        if (selfIsHost)
        {
            local.authorityPeer = NO_PEER;
        }
        return true;
    }

    /**
     * Whether this guest sends the object's state this tick: while it holds authority, at rest included. The
     * final at-rest state is therefore repeated with every send until the host's confirmation (an update
     * returning authority to default) arrives, so the loss of any number of copies, or of the confirmation,
     * cannot lose it; each repeat carries the same sequences, which the host accepts from the authority it
     * knows and ignores once it has confirmed.
     *
     * @return true if {@code self} must send its state of the object.
     */
    public static boolean guestSends(final ObjectAuthority local, final int self)
    {
        return local.authorityPeer == self;
    }

    /**
     * The host receives guest {@code guest}'s update of an object; on acceptance the host's record takes the
     * update's (and the caller applies the object state that came with it).
     *
     * @return true if accepted.
     */
    public static boolean hostAcceptsGuestUpdate(final ObjectAuthority host, final int guest, final ObjectAuthority update)
    {
        // A guest sends only objects it simulates, and may only speak for itself.
        if (update.authorityPeer != guest || (update.ownerPeer != NO_PEER && update.ownerPeer != guest))
        {
            return false;
        }
        final boolean accept;
        if (SequenceNumbers.isNewer(update.ownershipSequence, host.ownershipSequence))
        {
            accept = true;
        }
        else if (update.ownershipSequence != host.ownershipSequence ||
            (host.ownerPeer != NO_PEER && host.ownerPeer != guest))
        {
            accept = false;
        }
        else if (SequenceNumbers.isNewer(update.authoritySequence, host.authoritySequence))
        {
            accept = true;
        }
        else
        {
            accept = update.authoritySequence == host.authoritySequence && host.authorityPeer == guest;
        }
        if (accept)
        {
            host.set(update);
            if (update.atRest && update.ownerPeer == NO_PEER)
            {
                host.authorityPeer = NO_PEER; // confirmation: back to default authority
            }
        }
        return accept;
    }

    /**
     * A guest receives the host's update of an object; on acceptance the guest's record takes the update's (and
     * the caller applies the object state that came with it).
     *
     * @return true if accepted.
     */
    public static boolean guestAcceptsHostUpdate(final ObjectAuthority local, final int self, final ObjectAuthority update)
    {
        final boolean accept;
        if (SequenceNumbers.isNewer(update.ownershipSequence, local.ownershipSequence))
        {
            accept = true;
        }
        else if (update.ownershipSequence != local.ownershipSequence)
        {
            accept = false;
        }
        else if (update.ownerPeer != local.ownerPeer)
        {
            accept = update.authorityPeer != self; // the host arbitrated an ownership conflict
        }
        else if (SequenceNumbers.isNewer(update.authoritySequence, local.authoritySequence))
        {
            accept = true;
        }
        else
        {
            accept = update.authoritySequence == local.authoritySequence && update.authorityPeer != self;
        }
        if (accept)
        {
            local.set(update);
        }
        return accept;
    }
}
