package io.webserveroperator.controller;

import static io.webserveroperator.testing.ServiceAccounts.rule;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.ServiceAccounts;
import io.webserveroperator.testing.StatefulKind;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Templates of a kind other than WebServer ({@link StatefulKind}, Postgres) that read the cluster
 * on a real API server: a ConfigMap of platform defaults in another namespace, declared under
 * {@code lookups:}, whose edit re-renders exactly the resources that read it; a list narrowed by
 * labels that a new object joins; a read that found nothing, re-rendered when the object appears; a
 * lookup not declared, refused; a Service's clusterIP read as a child; and a steady state that
 * sends no request at all.
 */
class LookupsIT {

  private static final Pattern RECONCILES =
      Pattern.compile(
          "controller_runtime_reconcile_total\\{controller=\"postgres\",[^}]*} ([0-9.E]+)");
  private static final Pattern REQUEUES =
      Pattern.compile(
          "webserver_operator_lookup_requeues_total\\{kind=\"Postgres\",[^}]*} ([0-9.E]+)");

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("lookups");
  private KubernetesClient admin;
  private String namespace;
  private String platform;
  private String vault;
  private WebServers postgreses;

  @BeforeEach
  void setUp() throws IOException {
    admin = cluster.admin();
    namespace = cluster.namespace();
    platform = KubeTestBed.get().newNamespace("platform");
    vault = KubeTestBed.get().newNamespace("vault");
    postgreses = StatefulKind.addTo(cluster);
    Files.writeString(
        cluster.templates().resolve("watches.yaml"),
        "  lookups:\n"
            + "  - {apiVersion: v1, kind: ConfigMap, namespaces: ["
            + platform
            + "]}\n"
            + "  - {apiVersion: v1, kind: Secret, namespaces: ["
            + vault
            + "]}\n"
            + "  - {apiVersion: nowhere.example.com/v1, kind: Nothing}\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);
    Files.delete(StatefulKind.template(cluster, "credentials.yaml.j2"));
    Files.writeString(
        StatefulKind.template(cluster, "config.yaml.j2"),
        """
        {% set reads = spec.reads | default('') %}
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ metadata.name }}-config
        data:
          version: "{{ spec.version }}"
        {% if reads == 'defaults' %}
          region: {{ lookup('v1', 'ConfigMap', 'PLATFORM', 'defaults').data.region }}
        {% elif reads == 'tier' %}
          members: "{{ lookup('v1', 'ConfigMap', 'PLATFORM', '', selector={'tier': 'db'})['items'] | map(attribute='metadata.name') | join(',') }}"
        {% elif reads == 'later' %}
          later: {{ lookup('v1', 'ConfigMap', 'PLATFORM', 'later').get('data', {}).get('x', 'absent') }}
        {% elif reads == 'undeclared' %}
          token: {{ lookup('v1', 'Secret', 'PLATFORM', 'token') }}
        {% elif reads == 'vault' %}
          password: {{ lookup('v1', 'Secret', 'VAULT', 'db').get('data', {}).get('password', 'none') }}
        {% elif reads == 'service' %}
        {% set service = children.Service[metadata.name ~ '-db'] %}
          clusterIP: {{ service.spec.clusterIP if service is defined else 'pending' }}
        {% elif reads == 'unserved' %}
          nothing: {{ lookup('nowhere.example.com/v1', 'Nothing', '', 'x') }}
        {% endif %}
        """
            .replace("PLATFORM", platform)
            .replace("VAULT", vault));
  }

  @Test
  void anEditOfPlatformDefaultsReRendersTheThreeResourcesThatReadThemAndNotTheFifty() {
    platformConfigMap("defaults", Map.of(), Map.of("region", "eu-west-1"));
    ApiRequestCounter requests = new ApiRequestCounter();
    Operator operator = cluster.operator().requests(requests).start();
    for (int i = 0; i < 53; i++) {
      Map<String, Object> spec = new HashMap<>(Map.of("version", "16", "withCredentials", false));
      if (i < 3) {
        spec.put("reads", "defaults");
      }
      postgreses.create("db-" + i, spec);
    }
    Waits.until(
        "how many db- ConfigMaps",
        () ->
            admin.configMaps().inNamespace(namespace).list().getItems().stream()
                .filter(c -> c.getMetadata().getName().startsWith("db-"))
                .count(),
        seen -> seen == 53);
    assertThat(data("db-0-config")).containsEntry("region", "eu-west-1");

    // A steady state with lookups in the templates: no request at all.
    Map<String, Long> settled = Quiet.settled(requests::snapshot, Duration.ofSeconds(2));
    Quiet.holds(Duration.ofSeconds(3), () -> assertThat(requests.snapshot()).isEqualTo(settled));

    long reconciles = reconciles(operator);
    long requeues = sum(operator, REQUEUES);
    platformConfigMap("defaults", Map.of(), Map.of("region", "us-east-2"));

    Waits.untilAsserted(
        () -> {
          for (int i = 0; i < 3; i++) {
            assertThat(data("db-" + i + "-config")).containsEntry("region", "us-east-2");
          }
        });
    Map<String, Long> after = Quiet.settled(requests::snapshot, Duration.ofSeconds(2));
    long reconciled = reconciles(operator) - reconciles;
    System.out.printf(
        "An edit of the looked-up ConfigMap: %d reconciles, requests %s before, %s after%n",
        reconciled, settled, after);
    assertThat(delta(settled, after, "patch"))
        .as("one apply of each reader's ConfigMap, nothing else: %s", after)
        .isEqualTo(3);
    assertThat(delta(settled, after, "create")).as("an Updated event for each").isEqualTo(3);
    assertThat(delta(settled, after, "update") + delta(settled, after, "delete")).isZero();
    assertThat(sum(operator, REQUEUES) - requeues)
        .as("queued because the object their last render looked up changed: the three readers")
        .isEqualTo(3);
    assertThat(reconciled)
        .as("the three readers, each once more for its own write's watch event; never the 50")
        .isBetween(3L, 6L);
  }

  @Test
  void aListByLabelsAndAReadThatFoundNothingReRenderAsObjectsAppearAndBadLookupsFailAtTheirLine() {
    platformConfigMap("primary", Map.of("tier", "db"), Map.of());
    platformConfigMap("cache", Map.of("tier", "cache"), Map.of());
    cluster.startOperator();
    postgreses.create(
        "listing", Map.of("version", "16", "withCredentials", false, "reads", "tier"));
    postgreses.create(
        "waiting", Map.of("version", "16", "withCredentials", false, "reads", "later"));
    postgreses.create(
        "prying", Map.of("version", "16", "withCredentials", false, "reads", "undeclared"));
    postgreses.create(
        "lost", Map.of("version", "16", "withCredentials", false, "reads", "unserved"));

    Waits.untilAsserted(
        () -> {
          assertThat(data("listing-config")).containsEntry("members", "primary");
          assertThat(data("waiting-config")).containsEntry("later", "absent");
        });
    postgreses.awaitReadyFalse(
        "prying",
        "RenderFailed",
        "postgres/config.yaml.j2:15",
        "lookup('v1', 'Secret', '" + platform + "', 'token')",
        "add {apiVersion: v1, kind: Secret, namespaces: [" + platform + "]} under lookups:");
    postgreses.awaitReadyFalse(
        "lost",
        "RenderFailed",
        "postgres/config.yaml.j2:22",
        "The API server does not serve kind Nothing in nowhere.example.com/v1");

    platformConfigMap("replica", Map.of("tier", "db"), Map.of());
    platformConfigMap("later", Map.of(), Map.of("x", "here"));

    Waits.untilAsserted(
        () -> {
          assertThat(data("listing-config")).containsEntry("members", "primary,replica");
          assertThat(data("waiting-config")).containsEntry("later", "here");
        });
  }

  @Test
  void aConfigMapTemplateReadsItsServicesClusterIp() throws IOException {
    Files.writeString(
        StatefulKind.template(cluster, "service.yaml.j2"),
        """
        apiVersion: v1
        kind: Service
        metadata:
          name: {{ metadata.name }}-db
        spec:
          selector:
            app: {{ metadata.name }}
          ports:
          - port: 5432
        """);
    cluster.startOperator();

    postgreses.create(
        "orders", Map.of("version", "16", "withCredentials", false, "reads", "service"));

    Waits.untilAsserted(
        () -> {
          var service = admin.services().inNamespace(namespace).withName("orders-db").get();
          assertThat(service).isNotNull();
          String clusterIp = service.getSpec().getClusterIP();
          assertThat(clusterIp).matches("[0-9.]+");
          assertThat(data("orders-config")).containsEntry("clusterIP", clusterIp);
        });
  }

  @Test
  void aLookupTheOperatorMayNotListNamesTheRuleToGrantAndWorksOnceGranted() {
    admin
        .secrets()
        .inNamespace(vault)
        .resource(
            new SecretBuilder()
                .withNewMetadata()
                .withName("db")
                .endMetadata()
                .addToData("password", "c2VjcmV0")
                .build())
        .create();
    KubernetesClient limited = operatorWithoutSecrets();
    cluster.operator().client(limited).start();

    postgreses.create(
        "orders", Map.of("version", "16", "withCredentials", false, "reads", "vault"));

    postgreses.awaitReadyFalse(
        "orders",
        "RenderFailed",
        "postgres/config.yaml.j2:17",
        "the operator may not list and watch secrets in namespace " + vault,
        "grant its ServiceAccount the rule {apiGroups: [\"\"], resources: [secrets], verbs:"
            + " [list, watch]} (a Role and RoleBinding in "
            + vault);
    admin
        .rbac()
        .roles()
        .inNamespace(vault)
        .resource(
            new RoleBuilder()
                .withNewMetadata()
                .withName("lookups")
                .endMetadata()
                .addNewRule()
                .withApiGroups("")
                .withResources("secrets")
                .withVerbs("list", "watch")
                .endRule()
                .build())
        .create();
    admin
        .rbac()
        .roleBindings()
        .inNamespace(vault)
        .resource(
            new RoleBindingBuilder()
                .withNewMetadata()
                .withName("lookups")
                .endMetadata()
                .withNewRoleRef("rbac.authorization.k8s.io", "Role", "lookups")
                .addNewSubject()
                .withKind("ServiceAccount")
                .withName("operator")
                .withNamespace(namespace)
                .endSubject()
                .build())
        .create();

    Waits.untilAsserted(
        () -> assertThat(data("orders-config")).containsEntry("password", "c2VjcmV0"));
  }

  /**
   * A client of a ServiceAccount that may do all the operator does for these templates but list
   * Secrets: the rules {@code lint --print-rbac} prints for them without the lookups'.
   */
  private KubernetesClient operatorWithoutSecrets() {
    ServiceAccounts.create(admin, namespace, "operator");
    ServiceAccounts.grant(
        admin,
        "lookups-" + namespace,
        namespace,
        "operator",
        rule("webapp.example.com", "webservers", "list", "watch"),
        rule("webapp.example.com", "webservers/status", "patch"),
        rule("db.test.example.com", "postgreses", "list", "watch"),
        rule("db.test.example.com", "postgreses/status", "patch"),
        rule("db.test.example.com", "postgreses/finalizers", "update"),
        rule("", "configmaps", "get", "list", "watch", "create", "patch", "delete"),
        rule("", "events", "create", "get", "patch"));
    return ServiceAccounts.client(admin, namespace, "operator");
  }

  private void platformConfigMap(
      String name, Map<String, String> labels, Map<String, String> data) {
    ConfigMap configMap =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(platform)
            .withLabels(labels)
            .endMetadata()
            .withData(data)
            .build();
    admin.configMaps().inNamespace(platform).resource(configMap).forceConflicts().serverSideApply();
  }

  private Map<String, String> data(String configMap) {
    ConfigMap found = admin.configMaps().inNamespace(namespace).withName(configMap).get();
    return found == null || found.getData() == null ? Map.of() : found.getData();
  }

  private static long delta(Map<String, Long> before, Map<String, Long> after, String verb) {
    return after.getOrDefault(verb, 0L) - before.getOrDefault(verb, 0L);
  }

  /** Reconciles of Postgres resources finished so far, whatever their result. */
  private static long reconciles(Operator operator) {
    return sum(operator, RECONCILES);
  }

  /** The sum of the metric lines {@code pattern} matches. */
  private static long sum(Operator operator, Pattern pattern) {
    Matcher counts = pattern.matcher(operator.metrics().scrape());
    long total = 0;
    while (counts.find()) {
      total += (long) Double.parseDouble(counts.group(1));
    }
    return total;
  }
}
