/**
 * Decides what must change: compares rendered objects with live ones and plans JSON patches.
 *
 * <p>Pure: no Kubernetes client, no I/O. For each desired object the {@link
 * io.webserveroperator.diff.Planner} works in four steps:
 *
 * <ol>
 *   <li>Normalise both sides ({@code Normalizer}): drop what the API server owns ({@code status},
 *       {@code metadata.resourceVersion}, {@code uid}, {@code generation}, {@code
 *       creationTimestamp}, {@code managedFields}), nulls and empty maps or lists the server drops;
 *       make integral numbers one width; fold a Secret's {@code stringData} into {@code data}.
 *   <li>Project the live object onto the fields the template sets ({@code LiveProjection}): maps
 *       keep only desired keys, lists of objects are matched by their Kubernetes merge key ({@code
 *       MergeKeys}) or by index, scalars the API server rewrites (quantities, int-or-string) take
 *       the desired spelling when they mean the same ({@code ScalarEquivalence}), and desired zero
 *       values ({@code ""}, {@code false}, {@code 0}) the server dropped count as present.
 *   <li>Diff the projection with the desired object as RFC 6902 add, remove and replace operations.
 *   <li>Classify: no live object is {@link io.webserveroperator.diff.Action#CREATE}, an empty patch
 *       {@link io.webserveroperator.diff.Action#UNCHANGED}, anything else {@link
 *       io.webserveroperator.diff.Action#UPDATE}; inventory objects no longer rendered are {@link
 *       io.webserveroperator.diff.Action#PRUNE}.
 * </ol>
 *
 * <p>Fields the template stopped setting are not reported: server-side apply removes them itself
 * because the operator's field manager no longer claims them.
 *
 * <p>An UPDATE the API server refuses is planned again ({@link
 * io.webserveroperator.diff.Planner#refused}, in {@code Recreation}), from its answer as data
 * ({@link io.webserveroperator.diff.Refusal}), by a run and by {@code diff} alike: fields that
 * cannot change become {@link io.webserveroperator.diff.Action#RECREATE} when the template says
 * {@code force: enabled} (a StatefulSet's claims that must grow, read through {@link
 * io.webserveroperator.diff.LiveClaims}, {@link io.webserveroperator.diff.Action#EXPAND_CLAIM}
 * first), else {@link io.webserveroperator.diff.Action#REFUSED} with one sentence.
 *
 * <p>For the {@code diff} command, {@link io.webserveroperator.diff.DiffSanitizer} strips server
 * noise and masks Secret values as {@code kubectl diff} does, and {@link
 * io.webserveroperator.diff.UnifiedDiff} prints two objects as a unified diff of YAML.
 */
package io.webserveroperator.diff;
