package io.webserveroperator.shard;

import io.webserveroperator.manifest.ManagedLabels;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Whether and how this replica takes a share of the resources.
 *
 * @param mode off (every resource, as without sharding), static (resources the user labelled with
 *     this member's name) or automatic (the leader assigns resources to the live members)
 * @param member this replica's shard name: the value of {@code webserver-operator.io/shard} on the
 *     resources it reconciles; null when off
 */
public record ShardOptions(Mode mode, String member) {

  /** How shards are assigned. */
  public enum Mode {
    /** No sharding: this replica reconciles every resource its selector matches. */
    OFF,
    /** The user labels each resource with its shard; this replica takes those labelled with it. */
    STATIC,
    /** Replicas keep a Lease each; the leader labels each resource with a live member. */
    AUTO
  }

  /** A DNS label: both a label value and, after a prefix, the name of the member's Lease. */
  private static final Pattern NAME = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

  public ShardOptions {
    Objects.requireNonNull(mode, "mode");
    if (mode == Mode.OFF) {
      member = null;
    } else if (member == null || !NAME.matcher(member).matches()) {
      throw new IllegalArgumentException(
          "The shard name '"
              + member
              + "' is not valid: use at most 63 lower-case letters, digits or '-', starting and"
              + " ending with a letter or digit.");
    }
  }

  /** No sharding: what {@code run} does without {@code --shard} or {@code --shards}. */
  public static ShardOptions off() {
    return new ShardOptions(Mode.OFF, null);
  }

  /** Only the resources already labelled {@code webserver-operator.io/shard=NAME}. */
  public static ShardOptions fixed(String name) {
    return new ShardOptions(Mode.STATIC, name);
  }

  /** A member of the automatic ring, under this name. */
  public static ShardOptions automatic(String member) {
    return new ShardOptions(Mode.AUTO, member);
  }

  /** Whether this replica reconciles a share only. */
  public boolean enabled() {
    return mode != Mode.OFF;
  }

  /** The selector of this replica's resources and children; null when off. */
  public String selector() {
    return enabled() ? ManagedLabels.SHARD + "=" + member : null;
  }

  /** {@code base} narrowed to this replica's share, either of them null for none. */
  public String narrow(String base) {
    if (!enabled()) {
      return base;
    }
    return base == null || base.isBlank() ? selector() : base + "," + selector();
  }
}
