package io.webserveroperator.bench.lookup;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.webserveroperator.bench.CountWait;
import io.webserveroperator.bench.Settling;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The lookup phase of {@code bench scale --lookup}, once every WebServer is settled: an edit of a
 * ConfigMap nobody looks up, beside the shared one, must bring no reconcile and no write; an edit
 * of the shared ConfigMap must reach every WebServer's Service, timed until the last one shows it.
 */
public final class LookupEditPhase {

  /** Where the looked-up ConfigMaps live. */
  public static final String NAMESPACE = "bench-platform";

  /** The ConfigMap every WebServer looks up. */
  public static final String SHARED = "defaults";

  /** A ConfigMap beside it that nobody looks up. */
  public static final String UNRELATED = "unrelated";

  /** The Service annotation the shared ConfigMap's {@code region} is rendered into. */
  public static final String ANNOTATION = "bench.webserver-operator.io/region";

  private static final String FIRST = "region-0";
  private static final String EDITED = "region-1";
  private static final CountWait WAIT =
      new CountWait("Services showed the edited ConfigMap", "Services show it");

  private final KubernetesClient admin;
  private final Consumer<String> progress;

  public LookupEditPhase(KubernetesClient admin, Consumer<String> progress) {
    this.admin = admin;
    this.progress = progress;
  }

  /** Creates the namespace and both ConfigMaps; before the operator starts. */
  public void prepare() {
    admin
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
        .create();
    write(SHARED, FIRST);
    write(UNRELATED, FIRST);
  }

  /**
   * Edits the unrelated ConfigMap and watches the operator for {@code window}, then the shared one
   * and times it until every Service in {@code namespace} shows the new value.
   *
   * @param services the Services that must show it: every WebServer of the namespace
   * @param operator the operator's counters, read from its /metrics
   */
  public LookupFigures run(
      String namespace, int services, Duration window, Duration timeout, Counters operator) {
    progress.accept(
        "Editing a ConfigMap nobody looks up; watching for " + window.toSeconds() + " s");
    Counters.Reading before = operator.settled();
    write(UNRELATED, EDITED);
    long start = System.nanoTime();
    OperatorProcess.sleep(window);
    LookupFigures.Edit unrelated = operator.read().since(before, start);

    progress.accept("Editing the ConfigMap all " + services + " WebServers look up");
    before = operator.settled();
    Duration reached;
    try (Annotated annotated = new Annotated(admin, namespace)) {
      start = System.nanoTime();
      write(SHARED, EDITED);
      reached = annotated.await(services, start, timeout);
    }
    LookupFigures.Edit shared = operator.settled().since(before, start);
    return new LookupFigures(services, unrelated, shared, reached);
  }

  /**
   * The operator's counters the phase reads: requests, reconciles, and requeues a looked-up
   * object's change brought.
   */
  public record Counters(
      Supplier<RequestCounts> requests, LongSupplier reconciles, LongSupplier requeues) {

    /** One reading of them. */
    record Reading(RequestCounts requests, long reconciles, long requeues) {

      /** What happened since {@code earlier}, in the window that began at {@code startNanos}. */
      LookupFigures.Edit since(Reading earlier, long startNanos) {
        return new LookupFigures.Edit(
            Duration.ofNanos(System.nanoTime() - startNanos),
            requeues - earlier.requeues,
            reconciles - earlier.reconciles,
            requests.minus(earlier.requests));
      }
    }

    Reading read() {
      return new Reading(requests.get(), reconciles.getAsLong(), requeues.getAsLong());
    }

    /** A reading once the requests stop growing. */
    Reading settled() {
      RequestCounts settled = Settling.settled(requests);
      return new Reading(settled, reconciles.getAsLong(), requeues.getAsLong());
    }
  }

  private void write(String name, String region) {
    admin
        .configMaps()
        .inNamespace(NAMESPACE)
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace(NAMESPACE)
                .endMetadata()
                .withData(Map.of("region", region))
                .build())
        .forceConflicts()
        .serverSideApply();
  }

  /** The Services of a namespace whose annotation shows the edited value, as an informer sees. */
  private final class Annotated implements AutoCloseable {
    private final Set<String> shown = ConcurrentHashMap.newKeySet();
    private final SharedIndexInformer<Service> informer;

    Annotated(KubernetesClient client, String namespace) {
      informer =
          client
              .services()
              .inNamespace(namespace)
              .inform(
                  new ResourceEventHandler<>() {
                    @Override
                    public void onAdd(Service service) {
                      see(service);
                    }

                    @Override
                    public void onUpdate(Service before, Service after) {
                      see(after);
                    }

                    @Override
                    public void onDelete(Service service, boolean finalStateUnknown) {
                      shown.remove(service.getMetadata().getName());
                    }
                  });
    }

    private void see(Service service) {
      Map<String, String> annotations = service.getMetadata().getAnnotations();
      if (annotations != null && EDITED.equals(annotations.get(ANNOTATION))) {
        shown.add(service.getMetadata().getName());
      }
    }

    Duration await(int count, long startNanos, Duration timeout) {
      return WAIT.await(shown::size, count, startNanos, timeout, progress);
    }

    @Override
    public void close() {
      informer.close();
    }
  }
}
