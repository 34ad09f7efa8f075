package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ApiRequestCounterTest {

  @ParameterizedTest
  @CsvSource({
    "GET, /api/v1/namespaces/ns/services, list",
    "GET, /api/v1/namespaces/ns/services/web, get",
    "GET, /api/v1/namespaces/ns/services?watch=true&resourceVersion=1, watch",
    "GET, /apis/apps/v1/deployments, list",
    "GET, /apis/apps/v1/namespaces/ns/deployments/web/status, get",
    "GET, /api/v1/namespaces, list",
    "GET, /api/v1/namespaces/ns, get",
    "POST, /api/v1/namespaces/ns/events, create",
    "PUT, /apis/coordination.k8s.io/v1/namespaces/ns/leases/op, update",
    "PATCH, /apis/apps/v1/namespaces/ns/deployments/web?fieldManager=x, patch",
    "DELETE, /apis/networking.k8s.io/v1/namespaces/ns/ingresses/web, delete",
  })
  void classifiesRequestsByVerb(String method, String path, String verb) {
    assertThat(ApiRequestCounter.verb(method.trim(), URI.create("https://api:6443" + path.trim())))
        .isEqualTo(verb.trim());
  }

  @Test
  void countsLeaseRequestsApartAsWellAsAmongAll() {
    ApiRequestCounter counter = new ApiRequestCounter();
    counter.record(
        "PUT", URI.create("https://api:6443/apis/coordination.k8s.io/v1/namespaces/ns/leases/op"));
    counter.record(
        "PATCH", URI.create("https://api:6443/apis/apps/v1/namespaces/ns/deployments/web"));

    assertThat(counter.leaseCount("update")).isEqualTo(1);
    assertThat(counter.leaseCount("patch")).isZero();
    assertThat(counter.count("update")).isEqualTo(1);
    assertThat(counter.count("patch")).isEqualTo(1);
  }
}
