package io.webserveroperator.status;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.manifest.ManagedLabels;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records Kubernetes events on a resource, so that {@code kubectl describe} tells what the operator
 * did. The same event repeated is counted on one Event object (as kubectl shows {@code x3}) rather
 * than created again. Events are a side channel: they are written in the background, and a failure
 * to record one is logged, never thrown.
 */
public final class EventRecorder implements EventSink, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(EventRecorder.class);
  private static final int REMEMBERED = 4096;
  private static final int QUEUED = 10_000;

  private final KubernetesClient client;

  /**
   * One thread writes the events, off the reconcile path: a reconcile does not wait for them, and
   * only this thread touches {@link #recent}. A full queue drops events rather than blocking.
   */
  private final ThreadPoolExecutor writer =
      new ThreadPoolExecutor(
          1,
          1,
          0,
          TimeUnit.MILLISECONDS,
          new ArrayBlockingQueue<>(QUEUED),
          runnable -> {
            Thread thread = new Thread(runnable, "event-recorder");
            thread.setDaemon(true);
            return thread;
          });

  /**
   * The names of the events recorded last: a repeat of one is counted on it, as the API server has
   * it then. The names alone: the Events the API server answered, each with its managed fields,
   * were thousands of objects kept for nothing else.
   */
  private final Set<String> recent =
      Collections.newSetFromMap(
          new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
              return size() > REMEMBERED;
            }
          });

  public EventRecorder(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public void normal(GenericKubernetesResource resource, Reason reason, String message) {
    record(resource, "Normal", reason.text(), message);
  }

  @Override
  public void warning(GenericKubernetesResource resource, Reason reason, String message) {
    record(resource, "Warning", reason.text(), message);
  }

  /** Sends the events still queued, waiting a few seconds at most, and stops. */
  @Override
  public void close() {
    writer.shutdown();
    try {
      if (!writer.awaitTermination(5, TimeUnit.SECONDS)) {
        writer.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void record(
      GenericKubernetesResource resource, String type, String reason, String message) {
    // The time of the event, not of its write, which the queue may delay.
    String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    try {
      writer.execute(() -> write(resource, type, reason, message, now));
    } catch (RejectedExecutionException full) {
      LOG.warn(
          "Event {} on {} dropped: too many events queued",
          reason,
          resource.getMetadata().getName());
    }
  }

  private void write(
      GenericKubernetesResource resource, String type, String reason, String message, String now) {
    var metadata = resource.getMetadata();
    String name = metadata.getName() + "." + fingerprint(metadata.getUid(), type, reason, message);
    try {
      if (recent.contains(name)) {
        increment(metadata.getNamespace(), name, now);
      } else {
        create(resource, name, type, reason, message, now);
      }
      recent.add(name);
    } catch (KubernetesClientException e) {
      recent.remove(name);
      LOG.warn("Cannot record event {} on {}: {}", reason, metadata.getName(), e.getMessage());
    }
  }

  private void create(
      GenericKubernetesResource resource,
      String name,
      String type,
      String reason,
      String message,
      String now) {
    var metadata = resource.getMetadata();
    Event event =
        new EventBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(metadata.getNamespace())
            .endMetadata()
            .withInvolvedObject(
                new ObjectReferenceBuilder()
                    .withApiVersion(resource.getApiVersion())
                    .withKind(resource.getKind())
                    .withNamespace(metadata.getNamespace())
                    .withName(metadata.getName())
                    .withUid(metadata.getUid())
                    .build())
            .withType(type)
            .withReason(reason)
            .withMessage(message)
            .withCount(1)
            .withFirstTimestamp(now)
            .withLastTimestamp(now)
            .withNewSource()
            .withComponent(ManagedLabels.MANAGER)
            .endSource()
            .withReportingComponent(ManagedLabels.MANAGER)
            .build();
    try {
      client.v1().events().inNamespace(metadata.getNamespace()).resource(event).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
      // Recorded before this process started (or by the previous leader): count it instead.
      increment(metadata.getNamespace(), name, now);
    }
  }

  private void increment(String namespace, String name, String now) {
    client
        .v1()
        .events()
        .inNamespace(namespace)
        .withName(name)
        .edit(
            existing ->
                new EventBuilder(existing)
                    .withCount(existing.getCount() == null ? 2 : existing.getCount() + 1)
                    .withLastTimestamp(now)
                    .build());
  }

  private static String fingerprint(String uid, String type, String reason, String message) {
    CRC32 crc = new CRC32();
    crc.update((uid + "/" + type + "/" + reason + "/" + message).getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().toHexDigits((int) crc.getValue());
  }
}
