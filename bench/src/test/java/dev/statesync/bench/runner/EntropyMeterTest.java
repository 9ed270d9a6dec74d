package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.bits.BitLadder;

class EntropyMeterTest
{
    @Test
    void constantSymbolsShouldCostNothingAndUniformOnesTheirWidth()
    {
        final EntropyMeter meter = new EntropyMeter();
        for (int i = 0; i < 1024; i++)
        {
            meter.serializeBool(true);
            meter.serializeBits(i & 15, 4);
        }
        meter.endPacket();
        assertEquals(2, meter.contextCount());
        assertEquals(2048, meter.symbols());
        assertEquals(5120, meter.measuredBits());
        assertEquals(4096.0, meter.entropyBits(), 1e-6, "0 for the constant bool, 4 bits each for 16 uniform values");
    }

    @Test
    void shouldKeepContextsApartByRangeAndLadder()
    {
        final EntropyMeter meter = new EntropyMeter();
        final BitLadder ladder = BitLadder.smallUnsigned();
        meter.serializeInt(1, 0, 3);
        meter.serializeInt(1, 0, 7);
        meter.serializeInt(2, 0, 7);
        meter.serializeLadder(3, ladder);
        meter.serializeZigZag(-1, 5);
        assertEquals(4, meter.contextCount());
        assertEquals(2.0, meter.entropyBits(), 1e-9, "only the [0,7] context holds two different values");
    }

    @Test
    void countMapShouldCountThroughGrowthAndTheSentinelKey()
    {
        final LongIntCountMap map = new LongIntCountMap();
        for (long k = 0; k < 10_000; k++)
        {
            map.increment(k * 7919);
            map.increment(k * 7919);
        }
        map.increment(Long.MIN_VALUE);
        assertEquals(10_001, map.distinct());
        assertEquals(2, map.count(7919L * 500));
        assertEquals(1, map.count(Long.MIN_VALUE));
        assertEquals(0, map.count(3));
        assertEquals(20_001, map.total());
    }
}
