package dev.statesync.bench.runner;

/**
 * The compression stages the report compares, each adding one technique to the one before, all measured on
 * the very same quantized states.
 */
public enum Stage
{
    /** Every field a 32-bit float plus the at-rest bit, every object every snapshot (Fiedler's 321 bits/cube). */
    UNCOMPRESSED("uncompressed"),
    /** As uncompressed, but velocities are skipped for objects at rest. */
    AT_REST("at-rest"),
    /** Bounded quantization; the quaternion as four components at the smallest-three component precision. */
    QUANTIZED("quantized"),
    /** Smallest three: 2-bit largest index and three components ({@code schema.absoluteBits(atRest)}). */
    SMALLEST_THREE("smallest-three"),
    /** Fiedler's 2015 whole-snapshot delta against the newest acked snapshot. */
    FIEDLER_2015("fiedler-2015"),
    /** What statesync's authority actually sent. */
    STATESYNC("statesync");

    private final String reportName;

    Stage(final String reportName)
    {
        this.reportName = reportName;
    }

    /** @return the name in reports and JSON. */
    public String reportName()
    {
        return reportName;
    }
}
