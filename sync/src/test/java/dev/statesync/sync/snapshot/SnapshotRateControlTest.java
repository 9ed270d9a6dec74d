package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.snapshot.ObjectCodec;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/** The parts of {@link SnapshotRateControl} that need no link: payload budgets, intervals, fixed factors, reset. */
class SnapshotRateControlTest
{
    private static final int OBJECTS = 4;
    private final StateSchema schema = StateSchema.fiedler3d();

    @Test
    void aSnapshotShouldGetTheBudgetsBytesOfItsTicksLessOnePacketsFraming()
    {
        final SnapshotRateControlConfig config = new SnapshotRateControlConfig().budgetBitsPerSecond(128_000);
        final int framing = SnapshotRateControlConfig.IP_UDP_HEADER_BYTES +
            SnapshotRateControlConfig.RELIABLE_HEADER_MAX_BYTES + SnapshotRateControlConfig.DEFAULT_INTEGRITY_TAG_BYTES;
        for (int interval = 1; interval <= 4; interval++)
        {
            final int perInterval = (int)Math.floor(128_000 / 8.0 / 60 * interval);
            assertEquals(perInterval - framing, config.payloadBytesPerSnapshot(interval), "interval " + interval);
        }
        assertEquals(config.payloadBytesPerSnapshot(4), config.capacityPayloadBytes());
        assertEquals(config.payloadBytesPerSnapshot(1) + 8,
            new SnapshotRateControlConfig().budgetBitsPerSecond(128_000).integrityTagBytes(0).payloadBytesPerSnapshot(1),
            "an unauthenticated link's snapshot keeps the tag's bytes");
        assertEquals(SnapshotRateControlConfig.MIN_PAYLOAD_BYTES,
            new SnapshotRateControlConfig().budgetBitsPerSecond(20_000).payloadBytesPerSnapshot(1), "never below 16");
        assertEquals(SnapshotRateControlConfig.DEFAULT_MAX_PAYLOAD_BYTES,
            new SnapshotRateControlConfig().payloadBytesPerSnapshot(1), "unbudgeted: the largest");
        assertThrows(IllegalArgumentException.class, () -> new SnapshotRateControlConfig().budgetBitsPerSecond(-1));
    }

    @Test
    void rateDistortionOffShouldMeanFixedFactorsEveryTick()
    {
        final SnapshotRateControl on = new SnapshotRateControl(OBJECTS, true,
            new SnapshotRateControlConfig().budgetBitsPerSecond(64_000));
        assertTrue(on.errorPriority() && on.automaticInterval());
        final SnapshotRateControl off = new SnapshotRateControl(OBJECTS, true,
            new SnapshotRateControlConfig().budgetBitsPerSecond(64_000).rateDistortion(false));
        assertFalse(off.errorPriority() || off.automaticInterval());
        assertEquals(1, off.intervalTicks());
        final SnapshotRateControl unbudgeted = new SnapshotRateControl(OBJECTS, true, new SnapshotRateControlConfig());
        assertNull(unbudgeted.priorities(), "no budget, no priorities: every changed object in index order");
        assertFalse(unbudgeted.errorPriority() || unbudgeted.automaticInterval());
    }

    @Test
    void aFixedIntervalShouldSendEveryNthTickAndAResetShouldSendAtOnce()
    {
        final SnapshotRateControl control = new SnapshotRateControl(OBJECTS, true,
            new SnapshotRateControlConfig().sendIntervalTicks(3));
        final SnapshotAuthority authority = attachedAuthority(control);
        final QuantizedStates states = new QuantizedStates(schema, OBJECTS);
        final StringBuilder pattern = new StringBuilder();
        for (int tick = 5; tick <= 12; tick++)
        {
            if (control.sendDue(tick))
            {
                control.send(authority, tick, states, tick * 1_000_000L);
                pattern.append('s');
            }
            else
            {
                control.skip();
                pattern.append('.');
            }
        }
        assertEquals("s..s..s.", pattern.toString(), "the first tick at once, then every third");
        assertEquals(3, control.snapshotsSent());
        control.reset();
        assertEquals(0, control.snapshotsSent());
        assertTrue(control.sendDue(13), "a new connection gets a snapshot at once");
    }

    @Test
    void fixedFactorsShouldRankTheImportantObjectThenChangedOnesThenTheRest()
    {
        final SnapshotRateControl control = new SnapshotRateControl(OBJECTS, true,
            new SnapshotRateControlConfig().budgetBitsPerSecond(64_000).rateDistortion(false));
        control.importantObject(3);
        final SnapshotSender sender = new SnapshotSender(schema, OBJECTS, HoldPredictor.INSTANCE, new ObjectCodec(schema),
            new SnapshotConfig());
        final QuantizedStates previous = new QuantizedStates(schema, OBJECTS);
        final QuantizedStates current = new QuantizedStates(schema, OBJECTS);
        current.set(1, 0, 7);
        control.prioritize(2, sender, current, previous);
        control.skip();
        assertEquals(SnapshotRateControl.IMPORTANT_FACTOR, control.priorities().accumulator(3));
        assertEquals(SnapshotRateControl.CHANGED_FACTOR, control.priorities().accumulator(1));
        assertEquals(SnapshotRateControl.OTHER_FACTOR, control.priorities().accumulator(0));
        control.prioritize(3, sender, current, null);
        control.skip();
        assertEquals(SnapshotRateControl.OTHER_FACTOR + SnapshotRateControl.CHANGED_FACTOR,
            control.priorities().accumulator(0), "no previous tick: every object counts as changed");
    }

    private SnapshotAuthority attachedAuthority(final SnapshotRateControl control)
    {
        final SnapshotLinkConfig link = new SnapshotLinkConfig().payloadBudgetBytes(1200);
        return SnapshotAuthority.withEndpoint(schema, OBJECTS, HoldPredictor.INSTANCE, control.priorities(), link,
            (buffer, offset, length) -> { }, 0);
    }
}
