package io.webserveroperator.testing;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/**
 * The shipped Postgres kind ({@code crds/db.example.com_postgres.yaml}, {@code
 * templates/postgres/}) as the API server serves it, beside the WebServer; not the test kind of
 * {@link StatefulKind}.
 */
public final class ShippedPostgres {

  /** The kind as the API server serves it. */
  public static final ResourceDefinitionContext KIND =
      new ResourceDefinitionContext.Builder()
          .withGroup("db.example.com")
          .withVersion("v1")
          .withKind("Postgres")
          .withPlural("postgres")
          .withNamespaced(true)
          .build();

  private ShippedPostgres() {}

  /** Its resources in {@code namespace}. */
  public static WebServers in(KubernetesClient client, String namespace) {
    return new WebServers(client, namespace, KIND);
  }
}
