package dev.statesync.bench.runner;

import java.util.List;

/**
 * Where statesync's bits went in a run, measured from the range coder as it wrote ({@link BitBreakdown}).
 *
 * @param rangeCodedFrames     frames sent range-coded (the ones the coder's account measured).
 * @param totalBitsPerSnapshot the statesync stage's bits per snapshot, which {@code categories} add up to.
 * @param categories           bits per snapshot by field category, then coder overhead and framing.
 * @param classes              range-coded field bits per snapshot by object class ({@code packet}: the packet's
 *                             own fields).
 */
public record BitFigures(long rangeCodedFrames, double totalBitsPerSnapshot, List<BitFigures.Row> categories,
    List<BitFigures.Row> classes)
{
    /**
     * One row of a breakdown.
     *
     * @param name            the category or class.
     * @param bitsPerSnapshot its bits per snapshot.
     */
    public record Row(String name, double bitsPerSnapshot)
    {
    }
}
