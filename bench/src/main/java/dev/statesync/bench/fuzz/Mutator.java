package dev.statesync.bench.fuzz;

/**
 * The ways {@link HostileInputs} turns the recent honest traffic of a {@link FuzzTarget} into hostile bytes. Most
 * start from a real datagram, because a byte string that is almost right reaches deeper into a parser than noise
 * does; the field-aware ones ({@link #SEQUENCE_SHIFT}, {@link #TICK_SHIFT}, {@link #FRAGMENT_HEADER}) aim at the
 * checks that guard windows and ring buffers. A kind that does not apply to a target's wire layout (a sequence
 * shift of a message without a packet header) falls back to a plainer one, so every kind can be drawn for every
 * target.
 */
public enum Mutator
{
    /** Random bytes of a random length in [0, 1500], biased to short. */
    RANDOM_BYTES,
    /** One to eight bit flips in a real datagram. */
    BIT_FLIPS,
    /** A real datagram cut short. */
    TRUNCATE,
    /** A real datagram with random bytes appended. */
    EXTEND_TAIL,
    /** One to four bytes of a real datagram overwritten with random or extreme values (0x00, 0xFF, 0x7F, 0x80). */
    OVERWRITE_WINDOW,
    /** The first few bytes of a real datagram (its header), then random bytes: valid framing, garbage body. */
    RANDOM_BODY,
    /** The head of one real datagram joined to the tail of another. */
    SPLICE,
    /** An older real datagram again, unchanged. */
    REPLAY_OLD,
    /** The newest real datagram again, unchanged: often still in flight, so the attacker delivers it first. */
    DUPLICATE_NEWEST,
    /** The 16-bit sequence of a reliable.io header (bytes 1-2) moved far ahead or behind, or by a little. */
    SEQUENCE_SHIFT,
    /** The 32-bit tick of a snapshot or a prediction message moved far ahead or behind, or by a little. */
    TICK_SHIFT,
    /** A fragment header with a bad id or count, written over a real fragment or wrapped around a regular packet. */
    FRAGMENT_HEADER
}
