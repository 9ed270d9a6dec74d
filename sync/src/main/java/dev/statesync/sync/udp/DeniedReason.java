/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

/**
 * Why a {@link UdpServer} refused a client's handshake with a DENIED ({@link UdpClient#deniedReason()}). The reason
 * travels as one byte of the DENIED packet (src/site/wire-format.md, "Connection handshake").
 */
public enum DeniedReason
{
    /** The client was not denied (it is connecting, connected, or ended some other way). */
    NONE(0),
    /** Every slot was taken. Trying again later may succeed. */
    SERVER_FULL(1),
    /**
     * The client's {@link UdpClientConfig#settingsFingerprint} differs from the server's: the two ends were built
     * with different codec settings (schema, object count, predictor, range coding, couplings...), so the client
     * could not decode the server's snapshots, or worse, could decode some of them into the wrong states. Trying
     * again with the same settings will not succeed.
     */
    SETTINGS_MISMATCH(2);

    private final int wireCode;

    DeniedReason(final int wireCode)
    {
        this.wireCode = wireCode;
    }

    /** @return the byte a DENIED carries for this reason. */
    int wireCode()
    {
        return wireCode;
    }

    /**
     * @param code a DENIED's reason byte (hostile).
     * @return the reason it names, or null for a byte no server writes (0 included).
     */
    static DeniedReason fromWireCode(final int code)
    {
        switch (code)
        {
            case 1:
                return SERVER_FULL;
            case 2:
                return SETTINGS_MISMATCH;
            default:
                return null;
        }
    }
}
