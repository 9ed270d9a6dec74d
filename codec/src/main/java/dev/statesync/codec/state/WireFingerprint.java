package dev.statesync.codec.state;

/**
 * A 64-bit digest of every setting two ends of a connection must share for one to decode the other's bytes: the
 * schema, the object count, the predictor and its parameters, and the codec settings that change the format
 * (range coding, ring depths). Two ends that disagree on any of these do not fail cleanly on every packet: a
 * frame coded against one predictor can decode without error against another into the wrong states. So the
 * connection handshake compares digests ({@code UdpClientConfig.settingsFingerprint}) and refuses a client whose
 * settings differ, before any snapshot is applied.
 *
 * <p>Each type that holds such settings adds them in a fixed order ({@link StateSchema#addTo},
 * {@code Predictor.addTo}, {@code SnapshotConfig.addWireSettingsTo}, {@code PhysicalCouplings.addTo}); settings
 * only the sender reads (resend policy, unacked references, budgets) are left out, so two ends may still tune
 * those apart. The digest is a deterministic function of the values added and their order, the same on every JVM:
 * a multiply-rotate mix per value and the SplitMix64 finalizer at the end. It detects mistakes, not attacks: it is
 * not a cryptographic hash, and the handshake authenticates the link separately.
 *
 * <pre>{@code
 * long fingerprint = new WireFingerprint().add("my-game/snapshots").add(objectCount).add(schema).value();
 * }</pre>
 * Not thread safe; allocates nothing after construction.
 */
public final class WireFingerprint
{
    private static final long SEED = 0x5354415445535943L;
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

    private long state = SEED;
    private long count;

    /**
     * Add one value.
     *
     * @param value the value.
     * @return this.
     */
    public WireFingerprint add(final long value)
    {
        count++;
        state = Long.rotateLeft((state ^ value) * MULTIPLIER, 29) + count;
        return this;
    }

    /**
     * Add one value.
     *
     * @param value the value.
     * @return this.
     */
    public WireFingerprint add(final int value)
    {
        return add((long)value);
    }

    /**
     * Add one flag.
     *
     * @param value the flag.
     * @return this.
     */
    public WireFingerprint add(final boolean value)
    {
        return add(value ? 1L : 0L);
    }

    /**
     * Add one double by its IEEE 754 bits, with -0.0 taken as 0.0 and every NaN as one NaN, so settings that
     * compare equal add the same value.
     *
     * @param value the value.
     * @return this.
     */
    public WireFingerprint add(final double value)
    {
        return add(Double.doubleToLongBits(value == 0.0 ? 0.0 : value));
    }

    /**
     * Add a name: its length, then its UTF-16 code units, so "ab" then "c" differs from "a" then "bc".
     *
     * @param name the name (a class name, an enum constant's name).
     * @return this.
     */
    public WireFingerprint add(final String name)
    {
        add(name.length());
        for (int i = 0; i < name.length(); i++)
        {
            add((long)name.charAt(i));
        }
        return this;
    }

    /**
     * Add the values of an array, after its length.
     *
     * @param values the values.
     * @return this.
     */
    public WireFingerprint add(final int[] values)
    {
        add(values.length);
        for (final int value : values)
        {
            add(value);
        }
        return this;
    }

    /**
     * Add a schema's layout and precision ({@link StateSchema#addTo}).
     *
     * @param schema the schema.
     * @return this.
     */
    public WireFingerprint add(final StateSchema schema)
    {
        schema.addTo(this);
        return this;
    }

    /** @return the digest of everything added so far (adding more afterwards continues from it). */
    public long value()
    {
        long z = state + count * MULTIPLIER;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
