package dev.statesync.codec.snapshot;

/**
 * Everything one snapshot packet carries, as one explicit value that {@link SnapshotPacket#serialize} writes
 * from (sender) or reads into (receiver): the tick, the coder model reference, the packet's baseline table,
 * and per entry (the packet's objects in ascending index order) the baseline refs, the predictor alternative,
 * the motion context and where the entry's state and prediction sit.
 *
 * <p>Why a value: the sender codes the same packet up to a few times (trial range codings to fit a budget, the
 * bitpacked write, the range-coded frame, a replay for instruments), and each coding must see exactly the same
 * fields. Passing them as one plan, instead of through fields of the sender set before each call, keeps every
 * coding's input visible at the call. Entry arrays are indexed by entry {@code 0..count-1}, never by object.
 * Allocation-free after construction; one plan per end, reused for every packet.
 */
final class PacketPlan
{
    /** The snapshot's simulation tick. */
    int tick;
    /**
     * The 16-bit sequence the packet travels in, or {@link PacketTick#NO_SEQUENCE} when the link tells the receiver
     * none (then the tick is always sent whole).
     */
    int sequence = PacketTick.NO_SEQUENCE;
    /**
     * Sequences from the tick's anchor (a packet the receiver applied) to this packet, 1.. ({@link PacketTick}); 0:
     * the tick is sent whole. Set by the sender's plan, read by the receiver.
     */
    int anchorDistance;
    /** The anchor's tick when {@link #anchorDistance} is above 0: the sender's choice, the receiver's lookup. */
    int anchorTick;
    /**
     * Range-coded layout only: age in ticks of the acked snapshot whose final coder model the packet continues
     * from; 0 for a fresh model. The bitpacked layout ignores it.
     */
    int modelRefAge;
    /** Entries (objects) in the packet. */
    int count;
    /** The packet's objects, ascending index order: entry i carries object {@code objects[i]}. */
    final int[] objects;

    /** Entries of the packet's baseline table. */
    int tableSize;
    /** The packet's baseline ticks, newest first; refs index this, {@link #tableSize} meaning "none". */
    final int[] tableTicks = new int[SnapshotFormat.MAX_BASELINES_PER_PACKET];

    /** Per entry: table index of the newest baseline, {@link #tableSize} for none (coded absolutely). */
    final int[] newestRef;
    /** Per entry: table index of the older baseline (two-baseline predictors), {@link #tableSize} for none. */
    final int[] olderRef;
    /** Per entry: the predictor alternative the state is coded against. */
    final int[] alternative;
    /** Per entry: the {@link MotionContext} both ends derived from its baselines. */
    final int[] motionContext;

    /** The array holding the entries' states: read when writing, written when reading. */
    int[] states;
    /** Per entry: offset of its state record in {@link #states}. */
    final int[] stateOffset;
    /** The array holding the entries' predictions. */
    int[] predictions;
    /** Per entry: offset of its prediction record in {@link #predictions}. */
    final int[] predictionOffset;

    /**
     * Range-coded layout: per-object "carried" flags of the model reference snapshot, or null without one; set
     * while serializing the model reference.
     */
    boolean[] modelRefFlags;
    /** Where {@link #modelRefFlags} of the model reference snapshot start. */
    int modelRefFlagsOffset;
    /**
     * Range-coded layout: per-object "carried" flags of the packet of the newest baseline table entry, or null if
     * the object set is not coded against it (no table, or that packet not held as range-coded); set while
     * serializing the object set ({@link ModeledLayout#serializeObjects}).
     */
    boolean[] newestEntryFlags;
    /**
     * Per object: the packet of the newest table entry coded it against two baselines ({@link ModelRing}), at
     * {@link #newestEntryFlagsOffset}; null when {@link #newestEntryFlags} is.
     */
    boolean[] newestEntryTwoBaselines;
    /** Where {@link #newestEntryFlags} of that packet start. */
    int newestEntryFlagsOffset;

    /** Previous-tick states the packet repeats ({@link PreviousTickStates}); 0 for none. */
    int previousCount;
    /** Per previous-tick state: the entry (ascending within an age) whose object it belongs to. */
    final int[] previousEntry;
    /** Per previous-tick state: its tick's distance before {@link #tick}, 1 .. {@link PreviousTickStates#OLDEST_AGE} (ascending). */
    final int[] previousAge;
    /** Previous-tick state {@code k} at {@code k * stride}: written from when writing, read into when reading. */
    final int[] previousStates;

    /** @return how many previous-tick states this plan can hold: a packet claiming more is malformed to it. */
    int previousCapacity()
    {
        return previousEntry.length;
    }

    /** Objects marked while sorting; all false between calls. */
    private final boolean[] sortMark;

    /** A plan without room for previous-tick states (a packet that carries some is malformed to it). */
    PacketPlan(final int objectCount)
    {
        this(objectCount, 0);
    }

    /**
     * @param stride ints per state record, to hold up to {@link PreviousTickStates#capacity} previous-tick states (none
     *               for 0).
     */
    PacketPlan(final int objectCount, final int stride)
    {
        final int previousCapacity = stride == 0 ? 0 : PreviousTickStates.capacity(objectCount);
        previousEntry = new int[previousCapacity];
        previousAge = new int[previousCapacity];
        previousStates = new int[previousCapacity * stride];
        objects = new int[objectCount];
        newestRef = new int[objectCount];
        olderRef = new int[objectCount];
        alternative = new int[objectCount];
        motionContext = new int[objectCount];
        stateOffset = new int[objectCount];
        predictionOffset = new int[objectCount];
        sortMark = new boolean[objectCount];
    }

    /**
     * Set the packet's objects to {@code source[0..count)} (distinct objects, any order) in ascending index order,
     * as a packet carries them; a counting pass over all objects, so no comparison sort and no allocation, unless
     * they already are in index order (then one pass over them and a copy).
     */
    void objectsInIndexOrder(final int[] source, final int count)
    {
        if (count > 0 && source[0] >= 0 && source[count - 1] < sortMark.length && strictlyAscending(source, count))
        {
            // Already in index order and distinct (the sender's candidates are listed in index order, so an
            // unbudgeted packet's are): the same objects the marks would give, without a walk over every object.
            System.arraycopy(source, 0, objects, 0, count);
            this.count = count;
            return;
        }
        for (int i = 0; i < count; i++)
        {
            sortMark[source[i]] = true;
        }
        int sorted = 0;
        for (int object = 0; object < sortMark.length && sorted < count; object++)
        {
            if (sortMark[object])
            {
                sortMark[object] = false;
                objects[sorted++] = object;
            }
        }
        this.count = sorted;
    }

    private static boolean strictlyAscending(final int[] source, final int count)
    {
        for (int i = 1; i < count; i++)
        {
            if (source[i] <= source[i - 1])
            {
                return false;
            }
        }
        return true;
    }

    /** Point every entry's state at its record in {@code ring} at the plan's tick (replaying a sent packet). */
    void statesFrom(final StateRing ring)
    {
        states = ring.array();
        for (int i = 0; i < count; i++)
        {
            stateOffset[i] = ring.find(objects[i], tick);
        }
    }
}
