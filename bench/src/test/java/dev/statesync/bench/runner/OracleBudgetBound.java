package dev.statesync.bench.runner;

import java.io.PrintStream;
import java.util.Locale;
import java.util.SplittableRandom;

import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.snapshot.SnapshotDisplayConfig;

/**
 * What would an idealized sender need to keep every displayed pose of the cubes run within a tolerance, and what does
 * loss do to it? A diagnostic kept with the tests (issue 13's "largest displayed error <= 10 cm at 128 kbps"; the
 * figures and what they mean are in results.md, "What 10 cm at 128 kbps would take"), run from the built jars:
 * <pre>
 * mvn -B -o -q -DskipTests package &amp;&amp; mvn -B -o -q -pl bench -am test-compile
 * java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
 *      -cp bench/target/test-classes:bench/target/statesync-bench.jar \
 *      dev.statesync.bench.runner.OracleBudgetBound [options, see main]
 * </pre>
 * The sender it models pays a fixed number of bits per state and chooses per cube which states of the cube's true
 * path to send so that the library's own display ({@code SnapshotDisplay}) keeps every tick within the tolerance
 * ({@link InterpolationSampler}), in one of three ways ({@link Chooser}): dead reckoning (the present state, on the
 * first tick the display would be off), a sliding window (causal, one tick late: the last state a blend towards the
 * present still covers), or looking 16 ticks ahead (no real sender can). It then finds the smallest per-tick capacity
 * that sends each state's copies by their deadlines ({@link DeadlineCapacity}) and replays the display
 * ({@link DisplayReplay}) with every state arriving, then with a seeded 5% of the ticks' packets lost and each state
 * sent once, in two or three consecutive packets, or again a round trip after a loss ({@link Delivery}). Not modelled:
 * what a state really costs (bits grow with the gap to its baseline), packet size limits, jitter, bursts of loss.
 */
public final class OracleBudgetBound
{
    private static final int TICK_RATE_HZ = 60;
    /**
     * Ticks at the end of the run left out of the counts and capacities: every path ends there, and a state that
     * closes a blend at the last tick bunches there (no game ends every object's motion at once). The first
     * {@code fromTick} ticks, start-up, are left out the same way.
     */
    private static final int TAIL_TICKS = 20;

    private OracleBudgetBound()
    {
    }

    /** Step {@code scene} for {@code ticks} ticks at the snapshot schema's precision and keep every object's path. */
    static ObjectPath[] record(final String scene, final int ticks)
    {
        final QuantizedScene world = new QuantizedScene(scene, SchemaKind.SNAPSHOT);
        if (!world.is3d())
        {
            throw new IllegalArgumentException("a 3D scene is needed, got " + scene);
        }
        final int objects = world.objectCount();
        final ObjectPath[] paths = new ObjectPath[objects];
        for (int o = 0; o < objects; o++)
        {
            paths[o] = ObjectPath.of(ticks);
        }
        for (int t = 0; t < ticks; t++)
        {
            world.step();
            final float[] records = world.records();
            for (int o = 0; o < objects; o++)
            {
                System.arraycopy(records, o * ObjectPath.STRIDE, paths[o].records(), paths[o].offset(t),
                    ObjectPath.STRIDE);
            }
        }
        return paths;
    }

    /** The display's settings: the library's defaults at 60 Hz unless an option says. */
    static SnapshotDisplayConfig displayConfig(final int maxBlendTicks, final int maxExtrapolationTicks,
        final int maxVelocitySpanTicks)
    {
        final long tickNs = 1_000_000_000L / TICK_RATE_HZ;
        return new SnapshotDisplayConfig().tickDurationNs(tickNs).maxBlendTicks(maxBlendTicks)
            .maxExtrapolationNs(maxExtrapolationTicks * tickNs).maxVelocitySpanTicks(maxVelocitySpanTicks);
    }

    /** The run's settings (see {@link #main} for the options and defaults). */
    record Settings(double toleranceM, double rotationToleranceDeg, double bitsPerState, int framingBytes,
        int transitTicks, int fromTick, double loss, int repairTicks, long seed, StateSchema schema, int maxBlendTicks,
        int maxExtrapolationTicks, int maxVelocitySpanTicks)
    {
        /** @return the display's settings. */
        SnapshotDisplayConfig display()
        {
            return displayConfig(maxBlendTicks, maxExtrapolationTicks, maxVelocitySpanTicks);
        }

        /** @return the display's settings with a different blend limit. */
        SnapshotDisplayConfig display(final int blendLimitTicks)
        {
            return displayConfig(blendLimitTicks, maxExtrapolationTicks, maxVelocitySpanTicks);
        }
    }

    /**
     * How each state goes out: {@code copies} times in all, {@code spacingTicks} apart, every time
     * ({@code onLossOnly} false: redundancy) or only while the copies before it were lost (a resend once the acks
     * show the loss).
     */
    record Delivery(String name, int copies, int spacingTicks, boolean onLossOnly)
    {
        /** @return ticks from a state's first send to its last possible one. */
        int spreadTicks()
        {
            return spacingTicks * (copies - 1);
        }

        /** @return sends per state on average at loss {@code loss}. */
        double sendsPerState(final double loss)
        {
            if (!onLossOnly)
            {
                return copies;
            }
            double sends = 0;
            double reach = 1;
            for (int c = 0; c < copies; c++)
            {
                sends += reach;
                reach *= loss;
            }
            return sends;
        }
    }

    /** The states chosen for every object at one display delay, slack and delivery, and the capacity they need. */
    record Plan(int delayTicks, int slackTicks, Delivery delivery, int[][] stateTicks, int[] counts, long states,
        double peakSendsPerTick)
    {
    }

    /** Who chooses the states, and how late it sends them. */
    enum Chooser
    {
        /** Dead reckoning: the present state, sent at once, when the unblended display would be off. */
        DEAD_RECKONING("dead reckoning"),
        /** {@link InterpolationSampler.Mode#SLIDING_WINDOW}: causal, one tick late. */
        SLIDING_WINDOW("sliding window"),
        /** {@link InterpolationSampler.Mode#LOOK_AHEAD}: knows 16 ticks of the future; sent at the best slack. */
        LOOK_AHEAD("look-ahead");

        private final String text;

        Chooser(final String text)
        {
            this.text = text;
        }

        @Override
        public String toString()
        {
            return text;
        }
    }

    /**
     * Choose every object's states so that the display holds whichever copy arrives: between the first copy's arrival
     * ({@code slack + transit} after the state's tick) and the last one's ({@code + spread}) the display may or may
     * not blend, and both must hold.
     *
     * @return the plan, or null when the last copy cannot arrive within the display delay.
     */
    static Plan plan(final ObjectPath[] paths, final Settings settings, final Chooser chooserKind, final int delayTicks,
        final int slackTicks, final Delivery delivery)
    {
        final int lag = slackTicks + delivery.spreadTicks() + settings.transitTicks();
        if (lag > delayTicks)
        {
            return null;
        }
        // Dead reckoning chooses as if nothing were blended (a blend across one tick has no tick between).
        final SnapshotDisplayConfig chooser = chooserKind == Chooser.DEAD_RECKONING ? settings.display(1) :
            settings.display();
        final InterpolationSampler sampler = new InterpolationSampler(chooserKind == Chooser.SLIDING_WINDOW ?
            InterpolationSampler.Mode.SLIDING_WINDOW : InterpolationSampler.Mode.LOOK_AHEAD, settings.toleranceM(),
            settings.rotationToleranceDeg(), delayTicks, slackTicks + settings.transitTicks(), lag, settings.schema(),
            chooser);
        final int ticks = paths[0].ticks();
        final double[] sends = new double[ticks + delivery.spreadTicks()];
        final int[][] stateTicks = new int[paths.length][];
        final int[] counts = new int[paths.length];
        final int[] sent = new int[ticks];
        long states = 0;
        for (int o = 0; o < paths.length; o++)
        {
            final int count = sampler.sample(paths[o], sent);
            stateTicks[o] = java.util.Arrays.copyOf(sent, count);
            counts[o] = count;
            for (int i = 0; i < count; i++)
            {
                if (sent[i] >= settings.fromTick() && sent[i] < ticks - TAIL_TICKS)
                {
                    double reach = 1;
                    for (int c = 0; c < delivery.copies(); c++)
                    {
                        sends[sent[i] + c * delivery.spacingTicks()] += reach;
                        reach *= delivery.onLossOnly() ? settings.loss() : 1;
                    }
                    states++;
                }
            }
        }
        final double peak = DeadlineCapacity.perTick(sends, settings.fromTick(), ticks - TAIL_TICKS, slackTicks);
        return new Plan(delayTicks, slackTicks, delivery, stateTicks, counts, states, peak);
    }

    /**
     * Dead reckoning sends a state on the tick it chooses it (slack 0: what it sends is the present), the sliding
     * window a tick later (slack 1), the look-ahead one at the slack that needs the least capacity.
     *
     * @return the plan, or null when the delivery's last copy cannot arrive within the display delay.
     */
    static Plan bestPlan(final ObjectPath[] paths, final Settings settings, final Chooser chooser, final int delayTicks,
        final Delivery delivery)
    {
        if (chooser != Chooser.LOOK_AHEAD)
        {
            return plan(paths, settings, chooser, delayTicks, chooser == Chooser.SLIDING_WINDOW ? 1 : 0, delivery);
        }
        Plan best = null;
        for (int slack = 0; slack + delivery.spreadTicks() + settings.transitTicks() <= delayTicks; slack++)
        {
            final Plan p = plan(paths, settings, Chooser.LOOK_AHEAD, delayTicks, slack, delivery);
            if (best == null || p.peakSendsPerTick() < best.peakSendsPerTick())
            {
                best = p;
            }
        }
        return best;
    }

    /**
     * Replay the display of every object for a plan: each state's first copy sent {@code slack} ticks after its tick,
     * arriving {@code transit} later unless that tick's packet is lost (each tick's packet is lost with probability
     * {@code loss}, seeded, the same draw for every object), the next copies {@code spacing} apart until one gets
     * through.
     */
    static DisplayReplay.Errors replay(final ObjectPath[] paths, final Settings settings, final Plan plan, final double loss)
    {
        final Delivery delivery = plan.delivery();
        final int ticks = paths[0].ticks();
        final int horizon = ticks + plan.slackTicks() + delivery.spreadTicks() + 1;
        final boolean[] lost = new boolean[horizon];
        final SplittableRandom random = new SplittableRandom(settings.seed());
        for (int t = 0; t < horizon; t++)
        {
            lost[t] = random.nextDouble() < loss;
        }
        final DisplayReplay replay = new DisplayReplay(settings.schema(), settings.display(), plan.delayTicks());
        final DisplayReplay.Errors errors = new DisplayReplay.Errors(settings.toleranceM());
        final int[] arrivals = new int[ticks];
        for (int o = 0; o < paths.length; o++)
        {
            final int[] states = plan.stateTicks()[o];
            for (int i = 0; i < plan.counts()[o]; i++)
            {
                arrivals[i] = DisplayReplay.NEVER;
                for (int c = 0; c < delivery.copies(); c++)
                {
                    final int send = states[i] + plan.slackTicks() + c * delivery.spacingTicks();
                    if (!lost[send])
                    {
                        arrivals[i] = send + settings.transitTicks();
                        break;
                    }
                }
            }
            replay.replay(paths[o], states, arrivals, plan.counts()[o], settings.fromTick(), errors);
        }
        return errors;
    }

    /**
     * Options: {@code --tolerance-m M} (0.1), {@code --rotation-tolerance-deg R} (0: rotation not checked),
     * {@code --bits-per-state B} (33: the payload bits per object sent of the 128 kbps run), {@code --framing-bytes F}
     * (37 per packet, one packet a tick), {@code --seconds S} (20), {@code --transit-ticks T} (4: the default link's 50
     * ms + 10 ms jitter), {@code --from-tick F} (61: the first second is start-up, every cube's first state, and is
     * left out), {@code --delays D,D,...} (display delays, ticks; 6,8,12,16,20,24), {@code --loss P} (0.05), {@code --repair-ticks R}
     * (8: a round trip and two ticks, when the acks tell the sender), {@code --seed N}, {@code --max-blend-ticks}
     * (16), {@code --max-extrapolation-ticks} (9), {@code --velocity-span-ticks} (4: the display extrapolates with the
     * velocity between its two newest states when at most this far apart; the snapshot schema carries none; these
     * three are {@code SnapshotDisplayConfig}'s defaults), {@code --scene NAME} (cubes).
     */
    public static void main(final String[] args)
    {
        double toleranceM = 0.1;
        double rotationToleranceDeg = 0;
        double bitsPerState = 33;
        int framingBytes = 37;
        int seconds = 20;
        int transitTicks = 4;
        int fromTick = 61;
        double loss = 0.05;
        int repairTicks = 8;
        long seed = 24301;
        int maxBlendTicks = 16;
        int maxExtrapolationTicks = 9;
        int velocitySpanTicks = 4;
        String scene = "cubes";
        int[] delays = {6, 8, 12, 16, 20, 24};
        if (args.length % 2 != 0)
        {
            throw new IllegalArgumentException("options come in pairs (--name value), got " + args.length + " words");
        }
        for (int i = 0; i < args.length; i += 2)
        {
            final String value = args[i + 1];
            switch (args[i])
            {
                case "--tolerance-m" -> toleranceM = Double.parseDouble(value);
                case "--rotation-tolerance-deg" -> rotationToleranceDeg = Double.parseDouble(value);
                case "--bits-per-state" -> bitsPerState = Double.parseDouble(value);
                case "--framing-bytes" -> framingBytes = Integer.parseInt(value);
                case "--seconds" -> seconds = Integer.parseInt(value);
                case "--transit-ticks" -> transitTicks = Integer.parseInt(value);
                case "--from-tick" -> fromTick = Integer.parseInt(value);
                case "--loss" -> loss = Double.parseDouble(value);
                case "--repair-ticks" -> repairTicks = Integer.parseInt(value);
                case "--seed" -> seed = Long.parseLong(value);
                case "--max-blend-ticks" -> maxBlendTicks = Integer.parseInt(value);
                case "--max-extrapolation-ticks" -> maxExtrapolationTicks = Integer.parseInt(value);
                case "--velocity-span-ticks" -> velocitySpanTicks = Integer.parseInt(value);
                case "--scene" -> scene = value;
                case "--delays" -> delays = java.util.Arrays.stream(value.split(",")).map(String::trim)
                    .mapToInt(Integer::parseInt).toArray();
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        final Settings settings = new Settings(toleranceM, rotationToleranceDeg, bitsPerState, framingBytes, transitTicks,
            fromTick, loss, repairTicks, seed, SchemaKind.SNAPSHOT.schema(true), maxBlendTicks, maxExtrapolationTicks,
            velocitySpanTicks);
        print(record(scene, seconds * TICK_RATE_HZ), settings, delays, System.out);
    }

    static void print(final ObjectPath[] paths, final Settings settings, final int[] delays, final PrintStream out)
    {
        final double framingKbps = settings.framingBytes() * 8.0 * TICK_RATE_HZ / 1000;
        final double seconds = (double)(paths[0].ticks() - TAIL_TICKS - settings.fromTick()) / TICK_RATE_HZ;
        out.printf(Locale.ROOT, "%d objects; states and capacity over ticks %d..%d (%.1f s), errors to the end; " +
            "tolerance %.3f m, rotation %.1f deg (0: not checked); %.0f bits a state, framing %.1f kbps (%d bytes a " +
            "tick); transit %d ticks; display: blends <= %d ticks, extrapolates <= %d ticks, velocity from states <= %d " +
            "ticks apart; loss %.1f%%, seed %d%n", paths.length, settings.fromTick(), paths[0].ticks() - TAIL_TICKS - 1,
            seconds, settings.toleranceM(), settings.rotationToleranceDeg(), settings.bitsPerState(), framingKbps,
            settings.framingBytes(), settings.transitTicks(), settings.maxBlendTicks(), settings.maxExtrapolationTicks(),
            settings.maxVelocitySpanTicks(), settings.loss() * 100, settings.seed());
        final Delivery[] deliveries = {
            new Delivery("once, no loss", 1, 1, false),
            new Delivery("once", 1, 1, false),
            new Delivery("2 copies, next tick", 2, 1, false),
            new Delivery("3 copies, next ticks", 3, 1, false),
            new Delivery("resent " + settings.repairTicks() + " ticks after a loss", 2, settings.repairTicks(), true),
            new Delivery("resent up to twice", 3, settings.repairTicks(), true),
        };
        out.println("| display delay | chooser | delivery | slack | states a second | sends a second | mean kbps | " +
            "kbps to meet every deadline | max | > tol | p99 | rotation p99 |");
        out.println("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (final int delay : delays)
        {
            for (final Chooser chooser : Chooser.values())
            {
                for (final Delivery delivery : deliveries)
                {
                    final Plan p = bestPlan(paths, settings, chooser, delay, delivery);
                    final String name = chooser.toString();
                    if (p == null)
                    {
                        out.printf(Locale.ROOT, "| %d ticks (%.0f ms) | %s | %s | needs a longer delay |||||||||%n",
                            delay, delay * 1000.0 / TICK_RATE_HZ, name, delivery.name());
                        continue;
                    }
                    final boolean lossless = delivery.name().endsWith("no loss");
                    final double loss = lossless ? 0 : settings.loss();
                    final double statesPerSecond = p.states() / seconds;
                    final double sendsPerSecond = statesPerSecond * delivery.sendsPerState(loss);
                    final double meanKbps = sendsPerSecond * settings.bitsPerState() / 1000 + framingKbps;
                    final double peakKbps = p.peakSendsPerTick() * settings.bitsPerState() * TICK_RATE_HZ / 1000 +
                        framingKbps;
                    final DisplayReplay.Errors e = replay(paths, settings, p, loss);
                    out.printf(Locale.ROOT, "| %d ticks (%.0f ms) | %s | %s | %d | %.0f | %.0f | %.1f | %.1f | %.3f m | " +
                        "%d | %.1f mm | %.2f deg |%n", delay, delay * 1000.0 / TICK_RATE_HZ, name, delivery.name(),
                        p.slackTicks(), statesPerSecond, sendsPerSecond, meanKbps, peakKbps, e.maxM(), e.overTolerance(),
                        e.positionP99M() * 1000, e.rotationP99Deg());
                }
            }
        }
    }
}
