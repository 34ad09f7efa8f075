package io.webserveroperator.bench;

/**
 * What a stream of spec changes measured.
 *
 * @param latency from sending a patch to seeing its Deployment updated
 * @param sent patches sent
 * @param seen changes seen on a Deployment
 * @param failed patches the API server refused
 */
public record ChangeFigures(Percentiles latency, int sent, int seen, int failed) {}
