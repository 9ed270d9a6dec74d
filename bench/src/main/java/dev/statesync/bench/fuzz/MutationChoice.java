package dev.statesync.bench.fuzz;

import java.util.SplittableRandom;

/**
 * Every decision behind one hostile input, as plain numbers: which {@link Mutator}, which real datagram it starts
 * from, where and with what. {@link HostileInputs} reduces each number modulo whatever it indexes, so any choice
 * applies to any corpus; that is what lets jqwik generate and shrink choices (towards the first mutator, the newest
 * datagram and zeros) while the long-running fuzzer draws them from a seeded random source.
 *
 * @param mutator  what to do.
 * @param pick     which recorded datagram to start from, by age (0 = newest).
 * @param position a bit or byte position, a cut, a length.
 * @param value    a count, a delta index, a value, a second cut.
 * @param seed     seeds the random bytes the mutation writes, and picks a second datagram for a splice.
 * @param reseal   on a CRC32C link, recompute the trailer after mutating, as anyone knowing the protocol id can,
 *                 so the bytes reach the parser; ignored where the layout cannot reseal.
 */
public record MutationChoice(Mutator mutator, int pick, int position, int value, long seed, boolean reseal)
{
    private static final Mutator[] MUTATORS = Mutator.values();
    /** Relative draw weights, by {@link Mutator} ordinal: mutations of real datagrams dominate. */
    private static final int[] WEIGHTS = {2, 3, 1, 1, 2, 2, 1, 1, 1, 2, 2, 1};
    private static final int WEIGHT_TOTAL;

    static
    {
        if (WEIGHTS.length != MUTATORS.length)
        {
            throw new ExceptionInInitializerError("one weight per mutator");
        }
        int total = 0;
        for (final int weight : WEIGHTS)
        {
            total += weight;
        }
        WEIGHT_TOTAL = total;
    }

    /**
     * @param random the fuzzer's seeded source.
     * @return a choice drawn with the fuzzer's weights; half of them start from one of the four newest datagrams,
     * which are the ones still in flight or just delivered.
     */
    public static MutationChoice random(final SplittableRandom random)
    {
        int roll = random.nextInt(WEIGHT_TOTAL);
        int kind = 0;
        while (roll >= WEIGHTS[kind])
        {
            roll -= WEIGHTS[kind];
            kind++;
        }
        final int pick = random.nextBoolean() ? random.nextInt(4) : random.nextInt() & Integer.MAX_VALUE;
        return new MutationChoice(MUTATORS[kind], pick, random.nextInt() & Integer.MAX_VALUE,
            random.nextInt() & Integer.MAX_VALUE, random.nextLong(), random.nextBoolean());
    }
}
