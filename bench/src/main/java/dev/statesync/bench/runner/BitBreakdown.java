package dev.statesync.bench.runner;

import java.util.ArrayList;
import java.util.List;

import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.entropy.BitAccount;
import dev.statesync.codec.state.QuantizedStates;

/**
 * Where statesync's bits go, measured from the real range coder as it writes each sent frame (a
 * {@link BitAccount} on the sender), per field category and per object class, in bits per snapshot so the rows
 * add up to the statesync stage's bits/snapshot. Besides the coded fields, "coder overhead" is what the range
 * coder wrote beyond the fields' information (its final byte and rounding, under a byte a frame) and "framing,
 * bitpacked frames" the
 * whole frames sent bitpacked (format byte included), which the account does not see.
 *
 * <p>Object classes, set each tick before the send from the authority's scene: <b>resting</b> an object whose
 * state is at rest (a re-send of a resting object), <b>contact</b> a moving object the step's collision pass
 * found touching the ground or another object, <b>free flight</b> a moving object touching nothing; in a scene
 * that cannot report contacts every moving object is <b>moving</b>. <b>packet</b> is the packet's own fields.
 */
final class BitBreakdown
{
    static final int CONTACT = 1;
    static final int FREE_FLIGHT = 2;
    static final int RESTING = 3;
    static final int MOVING = 4;
    private static final String[] CLASS_NAMES = {"packet", "contact", "free flight", "resting", "moving"};

    private final BitAccount account;
    private final int objects;

    BitBreakdown(final int objects)
    {
        this.objects = objects;
        account = new BitAccount(objects);
    }

    /** @return the account to attach to the sender. */
    BitAccount account()
    {
        return account;
    }

    /** Class every object by {@code current} and the scene's last step, before this tick's send. */
    void classify(final QuantizedStates current, final Scene scene)
    {
        final boolean contacts = scene.reportsContacts();
        for (int i = 0; i < objects; i++)
        {
            final int objectClass = current.isAtRest(i) ? RESTING :
                !contacts ? MOVING : scene.inContact(i) ? CONTACT : FREE_FLIGHT;
            account.objectClass(i, objectClass);
        }
    }

    /**
     * @param ticks              snapshots of the run.
     * @param statesyncBits      the statesync stage's payload bits per snapshot.
     * @return the figures of the run.
     */
    BitFigures figures(final int ticks, final double statesyncBits)
    {
        final List<BitFigures.Row> categories = new ArrayList<>();
        for (int c = 0; c < BitAccount.CATEGORIES; c++)
        {
            categories.add(new BitFigures.Row(BitAccount.categoryName(c), account.categoryBits(c) / ticks));
        }
        final double overhead = account.overheadBits() / ticks;
        categories.add(new BitFigures.Row("coder overhead", overhead));
        categories.add(new BitFigures.Row("framing, bitpacked frames", statesyncBits - (double)account.codedBits() / ticks));
        final List<BitFigures.Row> classes = new ArrayList<>();
        for (int c = 0; c < CLASS_NAMES.length; c++)
        {
            classes.add(new BitFigures.Row(CLASS_NAMES[c], account.classBits(c) / ticks));
        }
        return new BitFigures(account.frames(), statesyncBits, categories, classes);
    }
}
