package io.webserveroperator.controller;

import io.webserveroperator.template.ParsedRevision;
import io.webserveroperator.template.TemplateInput;

/**
 * What one reconcile works with, built once in its first step and read by every step after it: the
 * resource as read and converted, the templates of the revision it renders from (resolved once, so
 * that its objects, its status and its readiness come from the same revision), the resource as its
 * templates read it (copied once for every template, the status template included), what the
 * operator remembers of it, and what its renders read of the cluster.
 *
 * @param observed the resource as read from the cache
 * @param templates the revision it renders from, parsed
 * @param input the resource as its templates read it
 * @param memory what the operator remembered of it when the reconcile began
 * @param reads its children and lookups, as every render of the reconcile reads them
 */
record ReconcileContext(
    ObservedResource observed,
    ParsedRevision templates,
    TemplateInput input,
    ResourceMemory memory,
    ReconcileReads reads) {}
