package io.webserveroperator.bench.edit;

import java.time.Duration;

/**
 * How many WebServers were on a new template revision, and Ready on it, at one moment of a template
 * edit's phase.
 *
 * @param at since the edit
 * @param onRevision WebServers whose status names the revision for their spec
 * @param ready of those, the ones Ready
 */
public record RevisionTally(Duration at, int onRevision, int ready) {}
