package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaderElectionRecord;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.template.watches.TemplatedKind;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The leader Lease, as fabric8's {@link LeaseLock}, with the holder's kinds published on it: every
 * create and renewal by this replica writes {@link #KINDS_ANNOTATION}, the kinds watches.yaml lists
 * at that moment (it may change while the operator runs; the Lease stays), and every read (the
 * elector's, once a retry period) is remembered, so that a standby can say whom it waits for and
 * what that one watches without a request of its own.
 *
 * <p>The elector takes the Lease once its renew time plus its duration has passed by this replica's
 * clock; the renew time is the holder's clock, though. So each read gives the elector, instead, the
 * moment this replica first saw that renewal, on its own monotonic clock: a holder whose clock is
 * ahead can keep no one out for longer, nor one behind let anyone in early.
 */
final class PublishingLeaseLock extends LeaseLock {

  /**
   * The annotation naming the kinds the Lease's holder watches, e.g. {@code
   * WebServer.webapp.example.com}.
   */
  static final String KINDS_ANNOTATION = Lifecycle.PREFIX + "kinds";

  /**
   * Who holds the Lease, as last read, and the kinds it published (empty when it published none).
   */
  record Holder(String identity, Optional<String> kinds) {}

  private final Supplier<List<TemplatedKind>> kinds;
  private volatile Lease lastRead;
  private final LongSupplier nanos;

  /** The last renewal read ({@code holder@renewTime}) and when (nanos) it was first read. */
  private String renewal;

  private long firstSeen;

  /**
   * @param kinds the kinds this replica watches now
   * @param nanos this replica's monotonic clock, {@code System::nanoTime}
   */
  PublishingLeaseLock(
      String namespace,
      String name,
      String identity,
      Supplier<List<TemplatedKind>> kinds,
      LongSupplier nanos) {
    super(new ObjectMetaBuilder().withNamespace(namespace).withName(name).build(), identity);
    this.kinds = kinds;
    this.nanos = nanos;
  }

  @Override
  protected ObjectMetaBuilder getObjectMeta(String version) {
    return super.getObjectMeta(version).addToAnnotations(KINDS_ANNOTATION, kinds(kinds.get()));
  }

  /** The kinds as published: {@code Kind.group}, or {@code Kind} for the core group. */
  static String kinds(List<TemplatedKind> kinds) {
    return kinds.stream()
        .map(kind -> kind.group().isEmpty() ? kind.kind() : kind.kind() + "." + kind.group())
        .collect(Collectors.joining(", "));
  }

  @Override
  protected LeaderElectionRecord toRecord(Lease lease) {
    lastRead = lease;
    LeaderElectionRecord record = super.toRecord(lease);
    if (record == null || record.getRenewTime() == null) {
      return record;
    }
    return new LeaderElectionRecord(
        record.getHolderIdentity(),
        record.getLeaseDuration(),
        record.getAcquireTime(),
        firstSeen(record.getHolderIdentity() + "@" + record.getRenewTime().toInstant()),
        record.getLeaderTransitions());
  }

  /** When this replica first read {@code read}, as a time of its wall clock now. */
  private synchronized ZonedDateTime firstSeen(String read) {
    long now = nanos.getAsLong();
    if (!read.equals(renewal)) {
      renewal = read;
      firstSeen = now;
    }
    return ZonedDateTime.now(ZoneOffset.UTC).minusNanos(now - firstSeen);
  }

  /** The holder of the Lease as last read; empty before the first read or while none holds it. */
  Optional<Holder> holder() {
    Lease lease = lastRead;
    if (lease == null
        || lease.getSpec() == null
        || lease.getSpec().getHolderIdentity() == null
        || lease.getSpec().getHolderIdentity().isBlank()) {
      return Optional.empty();
    }
    Map<String, String> annotations = lease.getMetadata().getAnnotations();
    return Optional.of(
        new Holder(
            lease.getSpec().getHolderIdentity(),
            Optional.ofNullable(annotations == null ? null : annotations.get(KINDS_ANNOTATION))));
  }
}
