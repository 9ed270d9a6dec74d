package dev.statesync.codec.priority;

/**
 * Decides which objects go in each packet when not all of them fit: Fiedler's priority accumulator.
 *
 * <p>Each frame the engine sets every object's priority factor (units: priority per frame; Fiedler used
 * 1,000,000 for the player, 100 for objects recently interacting with the player, 1 for the rest) and calls
 * {@link #accumulate()}, which adds each factor to the object's accumulator. An object that waits grows more
 * urgent, so low-priority objects are still sent eventually instead of starving. Per packet,
 * {@link #select(ObjectSizer, int, int[])} takes objects in descending accumulator order and greedily packs
 * those that still fit the bit budget; {@link #markSent(int[], int)} then zeroes the accumulators of the objects
 * that went out, giving the others their turn.
 *
 * <p>A negative factor means "do not send": the accumulator is held at -1 and the object is never selected.
 * Fiedler found that lowering priority for objects at rest made sync worse (resting objects drift out of sync
 * and are not corrected in time), so prefer a small positive factor to a negative one for them.
 *
 * <p>Allocation-free after construction: primitive arrays and an in-place radix sort; no boxing, no
 * {@code Arrays.sort}. Not thread-safe: one instance per connection, driven from the send loop.
 */
public final class PriorityAccumulator
{
    /** Accumulator value that marks an object as excluded from selection. */
    public static final float EXCLUDED = -1.0f;

    /** Default for {@code maxConsecutiveMisses}: try every candidate, the tightest packing. */
    public static final int TRY_ALL_CANDIDATES = Integer.MAX_VALUE;

    private final int objectCount;
    private final int maxConsecutiveMisses;
    private final float[] factorsPerFrame;
    private final float[] accumulators;
    private final int[] candidateOrder;
    private final DescendingPriorityRadixSort sort;
    private int selectedBits;

    /**
     * Accumulator that tries every candidate against the budget.
     *
     * @param objectCount number of objects, indexed 0 .. objectCount - 1.
     */
    public PriorityAccumulator(final int objectCount)
    {
        this(objectCount, TRY_ALL_CANDIDATES);
    }

    /**
     * @param objectCount          number of objects, indexed 0 .. objectCount - 1.
     * @param maxConsecutiveMisses stop filling a packet after this many candidates in a row did not fit. Caps the
     *                             sizing work (each miss costs a measure) when the packet is nearly full, at the
     *                             price of leaving some room unused; {@link #TRY_ALL_CANDIDATES} never stops
     *                             early.
     */
    public PriorityAccumulator(final int objectCount, final int maxConsecutiveMisses)
    {
        if (objectCount < 0)
        {
            throw new IllegalArgumentException("objectCount must be >= 0, got " + objectCount);
        }
        if (maxConsecutiveMisses < 1)
        {
            throw new IllegalArgumentException("maxConsecutiveMisses must be >= 1, got " + maxConsecutiveMisses);
        }
        this.objectCount = objectCount;
        this.maxConsecutiveMisses = maxConsecutiveMisses;
        factorsPerFrame = new float[objectCount];
        accumulators = new float[objectCount];
        candidateOrder = new int[objectCount];
        sort = new DescendingPriorityRadixSort(objectCount);
    }

    /** @return number of objects tracked. */
    public int objectCount()
    {
        return objectCount;
    }

    /** @return candidates in a row that may miss the budget before a packet is considered full. */
    public int maxConsecutiveMisses()
    {
        return maxConsecutiveMisses;
    }

    /**
     * Set how fast an object's priority grows; takes effect at the next {@link #accumulate()} and stays until
     * changed (all factors start at 0).
     *
     * @param object         index of the object.
     * @param factorPerFrame priority added per frame; negative excludes the object from packets; must be finite,
     *                       since NaN or infinity would poison the ordering.
     */
    public void setPriorityFactor(final int object, final float factorPerFrame)
    {
        checkObject(object);
        if (!Float.isFinite(factorPerFrame))
        {
            throw new IllegalArgumentException("priority factor must be finite, got " + factorPerFrame +
                " for object " + object);
        }
        factorsPerFrame[object] = factorPerFrame;
    }

    /**
     * @param object index of the object.
     * @return the factor last set for the object, in priority per frame.
     */
    public float priorityFactor(final int object)
    {
        checkObject(object);
        return factorsPerFrame[object];
    }

    /**
     * @param object index of the object.
     * @return the object's accumulated priority: {@link #EXCLUDED} while its factor is negative, else >= 0.
     */
    public float accumulator(final int object)
    {
        checkObject(object);
        return accumulators[object];
    }

    /**
     * Advance one frame: a non-negative factor is added to the object's accumulator (an excluded object whose
     * factor became non-negative again restarts from 0); a negative factor sets the accumulator to
     * {@link #EXCLUDED}. Call once per simulation frame, not per packet, so priorities grow at the frame rate
     * whatever the send rate.
     */
    public void accumulate()
    {
        final float[] factors = factorsPerFrame;
        final float[] values = accumulators;
        for (int i = 0, n = objectCount; i < n; i++)
        {
            final float factor = factors[i];
            if (factor < 0.0f)
            {
                values[i] = EXCLUDED;
            }
            else
            {
                final float value = values[i];
                values[i] = (value < 0.0f ? 0.0f : value) + factor;
            }
        }
    }

    /**
     * The order {@link #select(ObjectSizer, int, int[])} tries objects in, for a caller that fits a packet
     * itself (as {@code SnapshotSender.encodeFramed} fits range-coded sizes): descending accumulator, lower
     * index first on ties, excluded objects left out. Accumulators are not changed.
     *
     * @param orderedObjects receives the object indices, length at least {@link #objectCount()}.
     * @return how many indices were written.
     */
    public int order(final int[] orderedObjects)
    {
        if (orderedObjects.length < objectCount)
        {
            throw new IllegalArgumentException("orderedObjects must hold " + objectCount + " objects, holds " +
                orderedObjects.length);
        }
        return sort.sortDescending(accumulators, objectCount, orderedObjects);
    }

    /**
     * Choose the objects for one packet. Candidates are taken in descending accumulator order, lower index first
     * on ties, excluded objects left out; each is included if its size still fits the remaining budget, else
     * skipped while smaller ones after it are still tried (until {@link #maxConsecutiveMisses()} misses in a row).
     * Accumulators are not changed: call {@link #markSent(int[], int)} once the packet has gone out.
     *
     * @param sizer           exact bits each object's encoding takes in this packet.
     * @param budgetBits      bits available for object updates in this packet, >= 0.
     * @param selectedObjects receives the included object indices in the order taken (the order to write them);
     *                        its length caps how many objects one packet may carry.
     * @return how many indices were written to {@code selectedObjects}; their total size is
     *         {@link #selectedBits()}, never more than {@code budgetBits}.
     */
    public int select(final ObjectSizer sizer, final int budgetBits, final int[] selectedObjects)
    {
        if (budgetBits < 0)
        {
            throw new IllegalArgumentException("budgetBits must be >= 0, got " + budgetBits);
        }

        final int[] order = candidateOrder;
        final int candidates = sort.sortDescending(accumulators, objectCount, order);
        final int capacity = selectedObjects.length;
        int remainingBits = budgetBits;
        int selected = 0;
        int consecutiveMisses = 0;
        for (int i = 0; i < candidates && selected < capacity; i++)
        {
            final int object = order[i];
            final int bits = sizer.bitsFor(object);
            if (bits < 0)
            {
                throw new IllegalArgumentException("sizer returned " + bits + " bits for object " + object);
            }
            if (bits <= remainingBits)
            {
                selectedObjects[selected++] = object;
                remainingBits -= bits;
                consecutiveMisses = 0;
            }
            else if (++consecutiveMisses >= maxConsecutiveMisses)
            {
                break;
            }
        }
        selectedBits = budgetBits - remainingBits;

        return selected;
    }

    /** @return total bits of the objects chosen by the last {@link #select(ObjectSizer, int, int[])}. */
    public int selectedBits()
    {
        return selectedBits;
    }

    /**
     * Zero the accumulators of objects that went out in a packet, so the ones left behind rise above them.
     * Excluded objects stay excluded.
     *
     * @param objects indices of the objects sent, e.g. the output of {@link #select(ObjectSizer, int, int[])}.
     * @param count   how many leading entries of {@code objects} to apply.
     */
    public void markSent(final int[] objects, final int count)
    {
        if (count < 0 || count > objects.length)
        {
            throw new IllegalArgumentException("count must be 0.." + objects.length + ", got " + count);
        }
        for (int i = 0; i < count; i++)
        {
            final int object = objects[i];
            checkObject(object);
            if (accumulators[object] > 0.0f)
            {
                accumulators[object] = 0.0f;
            }
        }
    }

    private void checkObject(final int object)
    {
        if (object < 0 || object >= objectCount)
        {
            throw new IllegalArgumentException("object must be 0.." + (objectCount - 1) + ", got " + object);
        }
    }
}
