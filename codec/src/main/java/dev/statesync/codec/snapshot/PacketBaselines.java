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
        public boolean anchor(final PacketPlan plan)
        {
            return true;
        }

        @Override
        public DecodeResult resolve(final PacketPlan plan, final int entry, final PacketLayout layout)
        {
            return DecodeResult.OK;
        }

        @Override
        public void predict(final PacketPlan plan, final int entry)
        {
        }
    };

    /**
     * The tick is anchored ({@link PacketTick}): make {@link PacketPlan#anchorTick} the tick of the packet
     * {@link PacketPlan#anchorDistance} sequences before {@link PacketPlan#sequence} (the sender planned it already).
     *
     * @return false if this end does not hold that packet.
     */
    boolean anchor(PacketPlan plan);

    /** @return {@link DecodeResult#OK} to go on with a packet of this tick, else why not. */
    DecodeResult acceptTick(int tick);

    /**
     * Entry {@code entry}'s refs are serialized: make its {@link PacketPlan#stateOffset} and, for an entry with a
     * baseline, its baselines and motion context ready for the alternative ({@link #predict} follows).
     *
     * @return {@link DecodeResult#OK}, or why the packet cannot be decoded (a named baseline is not held).
     */
    DecodeResult resolve(PacketPlan plan, int entry, PacketLayout layout);

    /** Entry {@code entry}, resolved and with a baseline, has its alternative serialized: make its prediction ready. */
    void predict(PacketPlan plan, int entry);
}
