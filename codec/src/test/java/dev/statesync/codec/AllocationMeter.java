package dev.statesync.codec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

/**
 * Bytes the current thread allocates, from HotSpot's per-thread counter. Every JVM we build and test on
 * (OpenJDK 17) has it; a JVM without it fails the allocation tests rather than skipping them.
 */
public final class AllocationMeter
{
    /** Looked up once: {@code ManagementFactory.getThreadMXBean()} itself allocates (816 bytes a call on JDK 17). */
    private static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private AllocationMeter()
    {
    }

    /** @return bytes allocated by the current thread so far. */
    public static long allocatedBytes()
    {
        final java.lang.management.ThreadMXBean bean = THREADS;
        assertTrue(bean instanceof com.sun.management.ThreadMXBean, "JVM has no per-thread allocation counter");
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)bean;
        assertTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
            "per-thread allocation counting is off");
        return threads.getCurrentThreadAllocatedBytes();
    }
}
