package dev.statesync.sync.authority;

import dev.statesync.codec.bits.BitStream;

/**
 * Who may simulate and send one object, as each peer sees it, and the two sequences that order changes of it
 * ("Networked Physics in VR", section "Bidirectional Flow"):
 * <ul>
 * <li><b>authority</b>: the peer that simulates the object and sends its state; {@link #NO_PEER} means the
 * default, the host's simulation. Taken by interacting with the object (touching, hitting it with a thrown
 * one); the authority sequence increments each time it is taken and when the object comes to rest;</li>
 * <li><b>ownership</b>: the peer holding the object (e.g. in a hand); stronger than authority and exclusive:
 * nobody takes authority or ownership of an object another peer owns. The ownership sequence increments on
 * each grab.</li>
 * </ul>
 * Both sequences are 16 bits on the wire and wrap; they are ordered with
 * {@link dev.statesync.sync.reliable.SequenceNumbers}, the same rule as packet sequences.
 * Both travel with every state update of the object (see {@link #serialize(BitStream, int)}). Mutable, one per
 * object per peer.
 */
public final class ObjectAuthority
{
    /** No peer: default authority (the host simulates), or not owned. */
    public static final int NO_PEER = -1;

    int authorityPeer = NO_PEER;
    int ownerPeer = NO_PEER;
    int authoritySequence;
    int ownershipSequence;
    boolean atRest;

    /** @return the peer with authority, or {@link #NO_PEER} for the default (host) authority. */
    public int authorityPeer()
    {
        return authorityPeer;
    }

    /** @return the owning peer, or {@link #NO_PEER}. */
    public int ownerPeer()
    {
        return ownerPeer;
    }

    /** @return authority sequence, 0..65535. */
    public int authoritySequence()
    {
        return authoritySequence;
    }

    /** @return ownership sequence, 0..65535. */
    public int ownershipSequence()
    {
        return ownershipSequence;
    }

    /** @return true if the sender reported the object at rest. */
    public boolean atRest()
    {
        return atRest;
    }

    /** Copy all fields of {@code other}. */
    public ObjectAuthority set(final ObjectAuthority other)
    {
        authorityPeer = other.authorityPeer;
        ownerPeer = other.ownerPeer;
        authoritySequence = other.authoritySequence;
        ownershipSequence = other.ownershipSequence;
        atRest = other.atRest;
        return this;
    }

    /** Set all fields (tests and tools). */
    public ObjectAuthority set(
        final int authorityPeer,
        final int ownerPeer,
        final int authoritySequence,
        final int ownershipSequence,
        final boolean atRest)
    {
        this.authorityPeer = authorityPeer;
        this.ownerPeer = ownerPeer;
        this.authoritySequence = authoritySequence & 0xFFFF;
        this.ownershipSequence = ownershipSequence & 0xFFFF;
        this.atRest = atRest;
        return this;
    }

    /**
     * Serialize as sent with each object update: 16-bit sequences, peer ids in [-1, maxPeers - 1], the at-rest
     * bit. A reader fails on peer ids out of range.
     */
    public void serialize(final BitStream stream, final int maxPeers)
    {
        authoritySequence = stream.serializeBits(authoritySequence, 16);
        ownershipSequence = stream.serializeBits(ownershipSequence, 16);
        authorityPeer = stream.serializeInt(authorityPeer, NO_PEER, maxPeers - 1);
        ownerPeer = stream.serializeInt(ownerPeer, NO_PEER, maxPeers - 1);
        atRest = stream.serializeBool(atRest);
    }

    /** @return true if every field equals {@code other}'s. */
    public boolean sameAs(final ObjectAuthority other)
    {
        return authorityPeer == other.authorityPeer && ownerPeer == other.ownerPeer &&
            authoritySequence == other.authoritySequence && ownershipSequence == other.ownershipSequence;
    }

    @Override
    public String toString()
    {
        return "ObjectAuthority{authority=" + authorityPeer + ", owner=" + ownerPeer + ", authoritySeq=" +
            authoritySequence + ", ownershipSeq=" + ownershipSequence + ", atRest=" + atRest + '}';
    }
}
