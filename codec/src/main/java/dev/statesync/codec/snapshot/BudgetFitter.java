package dev.statesync.codec.snapshot;

/**
 * Which prepared candidates go into a packet of a bit budget. By bitpacked size ({@link #chooseInOrder}): take
 * candidates in priority order while their exact bitpacked sizes fit, skipping ones that do not. By range-coded
 * size ({@link #fitRangeCoded}): since a range-coded packet is often far smaller than its bitpacked bound,
 * take the longest prefix of the candidates in priority order whose range-coded packet was measured to fit,
 * found in at most {@link #MAX_FIT_TRIALS} trial codings. Allocation-free after construction.
 */
final class BudgetFitter
{
    /**
     * Most trial range codings per budgeted framed packet. Each costs about one packet's range coding; with
     * the slack below, a packet takes two or three on average.
     */
    static final int MAX_FIT_TRIALS = 4;
    /** A fitted frame within {@code budget >> FIT_SLACK_SHIFT} (1/64) of its budget is full enough. */
    private static final int FIT_SLACK_SHIFT = 6;

    /** Codes the prepared snapshot carrying some objects range-coded, as the frame would, and measures it. */
    interface TrialCoder
    {
        /**
         * @param objects the objects of the trial (distinct, any order).
         * @return the range-coded packet's bytes (without the format byte); past the coder's scratch, which
         * holds at least the budget, only a lower bound.
         */
        int rangeCodedBytes(int[] objects, int count);
    }

    private final PreparedSnapshot prepared;
    private final TrialCoder trialCoder;
    /** The objects chosen for the packet, in priority order: {@link #chooseInOrder}'s or the fitted prefix. */
    private final int[] chosenInPriorityOrder;
    /** The prepared candidates in the priority order given, for fitting a range-coded budget. */
    private final int[] candidatesInPriorityOrder;
    /** {@code prefixBits[n]}: bitpacked bound of the first n candidates in priority order; known up to measured. */
    private final long[] prefixBits;
    private int listed;
    private int measured;
    /** Objects of the last trial coding, whose bytes and final model the range coder still holds; -1: none. */
    private int lastTrialCount = -1;
    private int lastTrialBytes;
    /**
     * Range-coded bits per bitpacked bound bit of the last trial: the first guess for the next budgeted packet.
     * Starts at 1 (no gain assumed), so the first guess is the bitpacked fill.
     */
    private double rangeRatio = 1.0;
    /**
     * Range-coded bits per bitpacked bound bit of the objects between two trials, from the latest two of a
     * packet: what one measured trial extrapolates with. Lower than {@link #rangeRatio}, which also carries
     * the header's share, so scaling by that would creep towards the budget.
     */
    private double marginalRatio = 1.0;
    private long trials;
    private long fittedPackets;

    BudgetFitter(final int objectCount, final PreparedSnapshot prepared, final TrialCoder trialCoder)
    {
        this.prepared = prepared;
        this.trialCoder = trialCoder;
        chosenInPriorityOrder = new int[objectCount];
        candidatesInPriorityOrder = new int[objectCount];
        prefixBits = new long[objectCount + 1];
    }

    /** @return the chosen objects, in priority order. */
    int[] chosen()
    {
        return chosenInPriorityOrder;
    }

    /**
     * Take prepared candidates in {@code order} (null: index order) while they fit {@code budgetBits} bitpacked,
     * skipping ones that do not and trying smaller ones after them.
     *
     * @return how many (in {@link #chosen()}).
     */
    int chooseInOrder(final int[] order, final int orderCount, final long budgetBits)
    {
        long used = prepared.headerBits();
        final boolean measuring = prepared.mayExceed(budgetBits);
        int chosenCount = 0;
        // Index order walks the candidate list instead of every object (SnapshotSender.prepare adds candidates object
        // by object, so the list is in index order): a tick has ~100 candidates among 901 objects, and the same ones
        // come out in the same order.
        final int[] walked = order == null ? prepared.candidateObjects() : order;
        final int considered = order == null ? prepared.candidateCount() : orderCount;
        for (int k = 0; k < considered; k++)
        {
            final int object = walked[k];
            if (!prepared.isCandidate(object))
            {
                continue;
            }
            if (measuring)
            {
                final int objectBits = prepared.bitsFor(object);
                if (used + objectBits > budgetBits)
                {
                    continue;
                }
                used += objectBits;
            }
            chosenInPriorityOrder[chosenCount++] = object;
        }
        return chosenCount;
    }

    /**
     * Find the longest prefix of the candidates in {@code order} whose range-coded packet fits {@code budgetBits}
     * (a bitpacked packet has {@code bitpackedBudgetBits}: its frame has a format byte),
     * trying at most {@link #MAX_FIT_TRIALS} prefixes longer than the longest that surely fits bitpacked. Each
     * guess interpolates between the nearest measured prefixes that fit and that did not (secant on the
     * bitpacked bound), or scales by the one measured, or at first by the last packet's ratio; it is clamped
     * strictly between them, so every trial narrows the bracket. A prefix, because every trial codes the whole
     * packet: an object that does not fit ends it.
     *
     * @return the prefix length (copied to {@link #chosen()}), or -1 if no trial beat the bitpacked fill.
     */
    int fitRangeCoded(final int[] order, final int orderCount, final long bitpackedBudgetBits, final long budgetBits)
    {
        listCandidates(order, orderCount);
        final long headerBits = prepared.headerBits();
        final int bitpackedFill = prefixWithin(bitpackedBudgetBits - headerBits);
        // Aim half the slack below the budget, so a guess about as often fits within the slack as not.
        final long slackBits = budgetBits >> FIT_SLACK_SHIFT;
        final long aimBits = budgetBits - slackBits / 2;
        int fits = bitpackedFill;
        int fails = listed + 1;
        long fitsBound = -1;
        long fitsCoded = -1;
        long failsBound = -1;
        long failsCoded = -1;
        long lastBound = 0;
        long lastCoded = 0;
        lastTrialCount = -1;
        for (int trial = 0; trial < MAX_FIT_TRIALS && fails - fits > 1; trial++)
        {
            final long guessBound;
            if (fitsCoded > 0 && failsCoded > fitsCoded)
            {
                guessBound = fitsBound + (aimBits - fitsCoded) * (failsBound - fitsBound) / (failsCoded - fitsCoded);
            }
            else if (failsCoded > 0)
            {
                guessBound = failsBound - (long)((failsCoded - aimBits) / marginalRatio);
            }
            else if (fitsCoded > 0)
            {
                guessBound = fitsBound + (long)((aimBits - fitsCoded) / marginalRatio);
            }
            else
            {
                guessBound = (long)(aimBits / rangeRatio);
            }
            final int count = Math.max(fits + 1, Math.min(fails - 1, prefixWithin(guessBound - headerBits)));
            final long bound = headerBits + prefixBits(count);
            final long coded = 8L * trial(count);
            rangeRatio = (double)coded / bound;
            if (trial > 0 && bound != lastBound && (coded - lastCoded) * (bound - lastBound) > 0)
            {
                marginalRatio = (double)(coded - lastCoded) / (bound - lastBound);
            }
            lastBound = bound;
            lastCoded = coded;
            if (coded <= budgetBits)
            {
                fits = count;
                fitsBound = bound;
                fitsCoded = coded;
                if (budgetBits - coded <= slackBits ||
                    count < listed && coded + (prefixBits(count + 1) - bound + headerBits) * rangeRatio > budgetBits)
                {
                    // Full within the slack, or the next object would most likely not fit at this packet's
                    // ratio: another trial (a whole packet's coding) would gain an object or two at most.
                    break;
                }
            }
            else
            {
                fails = count;
                failsBound = bound;
                failsCoded = coded;
            }
        }
        if (fits <= bitpackedFill)
        {
            return -1;
        }
        fittedPackets++;
        System.arraycopy(candidatesInPriorityOrder, 0, chosenInPriorityOrder, 0, fits);
        return fits;
    }

    /**
     * @return the range-coded bytes of the fitted prefix of {@code count} objects if the last trial coded
     * exactly it (so the coder still holds its bytes and final model), else -1.
     */
    int codedBytesOfLastTrial(final int count)
    {
        return count == lastTrialCount ? lastTrialBytes : -1;
    }

    private int trial(final int count)
    {
        trials++;
        lastTrialCount = count;
        lastTrialBytes = trialCoder.rangeCodedBytes(candidatesInPriorityOrder, count);
        return lastTrialBytes;
    }

    /** Prepared candidates of {@code order} (or of index order when null) into {@link #candidatesInPriorityOrder}. */
    private void listCandidates(final int[] order, final int orderCount)
    {
        int count = 0;
        // As chooseInOrder: index order is the candidate list's order.
        final int[] walked = order == null ? prepared.candidateObjects() : order;
        final int considered = order == null ? prepared.candidateCount() : orderCount;
        for (int k = 0; k < considered; k++)
        {
            final int object = walked[k];
            if (prepared.isCandidate(object))
            {
                candidatesInPriorityOrder[count++] = object;
            }
        }
        listed = count;
        measured = 0;
    }

    /** @return the bitpacked bound of the first {@code count} candidates in priority order, measuring as needed. */
    private long prefixBits(final int count)
    {
        while (measured < count)
        {
            prefixBits[measured + 1] = prefixBits[measured] + prepared.bitsFor(candidatesInPriorityOrder[measured]);
            measured++;
        }
        return prefixBits[count];
    }

    /** @return the longest prefix of the candidates in priority order whose bitpacked bound is at most {@code bits}. */
    private int prefixWithin(final long bits)
    {
        if (bits < 0)
        {
            return 0;
        }
        while (measured < listed && prefixBits[measured] <= bits)
        {
            prefixBits(measured + 1);
        }
        int low = 0;
        int high = measured;
        while (low < high)
        {
            final int middle = (low + high + 1) >>> 1;
            if (prefixBits[middle] <= bits)
            {
                low = middle;
            }
            else
            {
                high = middle - 1;
            }
        }
        return low;
    }

    /** @return trial range codings so far. */
    long trials()
    {
        return trials;
    }

    /** @return packets filled beyond the bitpacked fill, by a measured range-coded size. */
    long fittedPackets()
    {
        return fittedPackets;
    }

    /** Forget the ratios learnt from earlier packets and the counts, as built. Allocates nothing. */
    void reset()
    {
        listed = 0;
        measured = 0;
        lastTrialCount = -1;
        lastTrialBytes = 0;
        rangeRatio = 1.0;
        marginalRatio = 1.0;
        trials = 0;
        fittedPackets = 0;
    }
}
