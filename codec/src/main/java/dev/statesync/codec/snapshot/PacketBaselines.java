package dev.statesync.codec.snapshot;

/**
 * What one end adds to {@link SnapshotPacket#serialize} while a packet is serialized: the sender planned every
 * entry's state and prediction before coding ({@link #PLANNED}); the receiver refuses a stale tick and, once an
 * entry's refs are read, finds its baselines and predicts ({@link ReceivedBaselines}).
 */
interface PacketBaselines
{
    /** The sender's: every field is in the plan already. */
    PacketBaselines PLANNED = new PacketBaselines()
    {
        @Override
        public DecodeResult acceptTick(final int tick)
        {
            return DecodeResult.OK;
        }

        @Override
        public DecodeResult resolve(final PacketPlan plan, final int entry, final PacketLayout layout)
        {
            return DecodeResult.OK;
        }
    };

    /** @return {@link DecodeResult#OK} to go on with a packet of this tick, else why not. */
    DecodeResult acceptTick(int tick);

    /**
     * Entry {@code entry}'s refs and alternative are serialized: make its {@link PacketPlan#stateOffset} and,
     * for an entry with a baseline, its prediction and motion context ready for the state.
     *
     * @return {@link DecodeResult#OK}, or why the packet cannot be decoded (a named baseline is not held).
     */
    DecodeResult resolve(PacketPlan plan, int entry, PacketLayout layout);
}
