package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link RunReport#clientsPerCore}: one second of CPU over what a second of one client's objects costs. */
class ClientsPerCoreTest
{
    @Test
    void issue12sExampleGives177ClientsAt1000NsPerObject()
    {
        // 94 objects a snapshot at 60 Hz for 20 s: 5,640 objects a second, 5.64 ms of CPU a second at 1,000 ns each.
        assertEquals(1e9 / 5_640_000.0, RunReport.clientsPerCore(1000.0, 94L * 60 * 20, 20.0), 1e-9);
        assertEquals(177.3, RunReport.clientsPerCore(1000.0, 94L * 60 * 20, 20.0), 0.05);
        // Twice the time per object, half the clients; the same objects over twice the time, twice the clients.
        assertEquals(RunReport.clientsPerCore(1000.0, 1000, 10.0) / 2, RunReport.clientsPerCore(2000.0, 1000, 10.0), 1e-9);
        assertEquals(RunReport.clientsPerCore(1000.0, 1000, 10.0) * 2, RunReport.clientsPerCore(1000.0, 1000, 20.0), 1e-9);
    }

    @Test
    void nothingSentOrTimedIsNotANumber()
    {
        assertTrue(Double.isNaN(RunReport.clientsPerCore(1000.0, 0, 20.0)));
        assertTrue(Double.isNaN(RunReport.clientsPerCore(Double.NaN, 100, 20.0)));
        assertTrue(Double.isNaN(RunReport.clientsPerCore(0.0, 100, 20.0)));
        assertTrue(Double.isNaN(RunReport.clientsPerCore(1000.0, 100, 0.0)));
    }
}
