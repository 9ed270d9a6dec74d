package dev.statesync.sync.counter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.statesync.sync.predict.PredictionClientCounters;
import dev.statesync.sync.predict.ServerInputChannelCounters;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.sim.NetworkSimulatorCounters;
import dev.statesync.sync.snapshot.SnapshotAuthorityCounters;
import dev.statesync.sync.snapshot.SnapshotReplicaCounters;
import dev.statesync.sync.udp.UdpClientCounters;
import dev.statesync.sync.udp.UdpServerCounters;

class CounterDescriptorsTest
{
    private static final List<CounterDescriptor[]> ALL = List.of(
        ReliableCounters.values(), UdpServerCounters.values(), UdpClientCounters.values(),
        SnapshotAuthorityCounters.values(), SnapshotReplicaCounters.values(), ServerInputChannelCounters.values(),
        PredictionClientCounters.values(), NetworkSimulatorCounters.values());

    @Test
    void idsShouldBeDenseAndLabelsUniqueCamelCase()
    {
        for (final CounterDescriptor[] counters : ALL)
        {
            final Set<String> labels = new HashSet<>();
            for (int i = 0; i < counters.length; i++)
            {
                final CounterDescriptor counter = counters[i];
                assertEquals(i, counter.id(), counter.label());
                assertEquals(i, ((Enum<?>)counter).ordinal(), counter.label());
                assertTrue(counter.label().matches("[a-z][A-Za-z0-9]*"), counter.label());
                assertTrue(labels.add(counter.label()), "duplicate label " + counter.label());
                assertTrue(counter.description().endsWith("."), counter.label());
                assertEquals(counter.kind() == CounterKind.REFUSAL, counter.isRefusal());
            }
        }
    }

    @Test
    void everyComponentThatRefusesInputShouldNameItsRefusals()
    {
        for (final CounterDescriptor[] counters : ALL)
        {
            boolean outcome = false;
            boolean refusal = false;
            for (final CounterDescriptor counter : counters)
            {
                outcome |= counter.kind() == CounterKind.OUTCOME;
                refusal |= counter.isRefusal();
            }
            // An input is either accepted or refused: a component with outcomes names the reasons it refuses.
            assertTrue(!outcome || refusal || counters[0] instanceof SnapshotAuthorityCounters, counters[0].toString());
        }
    }

    @Test
    void theCountersPageShouldListEveryCounter() throws Exception
    {
        final String page = Files.readString(Path.of("..", "src", "site", "counters.md"), StandardCharsets.UTF_8);
        for (final CounterDescriptor[] counters : ALL)
        {
            assertTrue(page.contains("`" + counters[0].getClass().getSimpleName() + "`"),
                counters[0].getClass().getSimpleName());
            for (final CounterDescriptor counter : counters)
            {
                final String row = "| " + counter.id() + " | `" + counter.label() + "` | " +
                    counter.kind().name().toLowerCase(java.util.Locale.ROOT) + " | " + counter.description() + " |";
                assertTrue(page.contains(row), "src/site/counters.md lacks " + row);
            }
        }
    }
}
