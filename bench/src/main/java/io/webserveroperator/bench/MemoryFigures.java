package io.webserveroperator.bench;

/**
 * The operator process's memory at one moment, in bytes; -1 where it could not be read.
 *
 * @param heapAfterGc heap in use right after a full collection: what the objects need
 * @param rss resident set size ({@code VmRSS}): what the container's memory limit counts
 * @param peakRss the highest resident set size so far ({@code VmHWM})
 */
public record MemoryFigures(long heapAfterGc, long rss, long peakRss) {}
