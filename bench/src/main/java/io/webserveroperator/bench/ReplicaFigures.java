package io.webserveroperator.bench;

/**
 * One operator replica's figures.
 *
 * @param assignsShards whether it leads a sharded operator and assigns the shards: it caches every
 *     WebServer, not only its share
 * @param memory its memory after the quiet period
 */
public record ReplicaFigures(boolean assignsShards, MemoryFigures memory) {}
