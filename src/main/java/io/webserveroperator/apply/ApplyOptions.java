package io.webserveroperator.apply;

import io.webserveroperator.manifest.ManagedLabels;
import java.util.Objects;

/**
 * How objects are applied.
 *
 * @param fieldManager the server-side apply field manager
 * @param forceConflicts take over fields another manager owns (the operator is the source of truth)
 * @param dryRun ask the API server what it would store, without storing it
 */
public record ApplyOptions(String fieldManager, boolean forceConflicts, boolean dryRun) {

  public ApplyOptions {
    Objects.requireNonNull(fieldManager, "fieldManager");
  }

  /** What the operator uses: its own field manager, conflicts forced, for real. */
  public static ApplyOptions defaults() {
    return new ApplyOptions(ManagedLabels.MANAGER, true, false);
  }

  /** The same options as a server-side dry run. */
  public ApplyOptions asDryRun() {
    return new ApplyOptions(fieldManager, forceConflicts, true);
  }
}
