package io.webserveroperator.template.watches;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.manifest.JsonPointer;
import java.util.List;
import org.junit.jupiter.api.Test;

class WatchesChangeTest {

  static final TemplatedKind WEB_SERVER =
      TemplatedKind.of("webapp.example.com", "v1", "WebServer", "webserver");
  static final TemplatedKind POSTGRES =
      TemplatedKind.of("db.test.example.com", "v1", "Postgres", "postgres");

  @Test
  void tellsKindsAddedAndRemovedByGroupVersionAndKind() {
    WatchesChange change = WatchesChange.between(List.of(WEB_SERVER), List.of(POSTGRES));

    assertThat(change.added()).containsExactly(POSTGRES);
    assertThat(change.removed()).containsExactly(WEB_SERVER);
    assertThat(change.changed()).isEmpty();
    assertThat(change.describe())
        .isEqualTo(
            "added Postgres (db.test.example.com/v1); removed WebServer (webapp.example.com/v1)");
  }

  @Test
  void aKindWithOtherSettingsIsKeptAndNamesTheKeysThatChanged() {
    TemplatedKind yielding =
        new TemplatedKind(
            "webapp.example.com",
            "v1",
            "WebServer",
            "webserver",
            null,
            false,
            null,
            false,
            List.of(
                new IgnoreDifference(
                    "apps",
                    "Deployment",
                    null,
                    null,
                    List.of(JsonPointer.of("spec", "replicas")),
                    List.of())),
            null,
            null,
            null,
            null);

    WatchesChange change =
        WatchesChange.between(List.of(WEB_SERVER, POSTGRES), List.of(yielding, POSTGRES));

    assertThat(change.added()).isEmpty();
    assertThat(change.removed()).isEmpty();
    assertThat(change.changed()).containsExactly(new WatchesChange.Kept(WEB_SERVER, yielding));
    assertThat(change.entering()).containsExactly(yielding);
    assertThat(change.describe())
        .isEqualTo("changed WebServer (webapp.example.com/v1): ignoreDifferences");
  }

  @Test
  void anotherVersionIsAnotherKind() {
    TemplatedKind v2 = TemplatedKind.of("webapp.example.com", "v2", "WebServer", "webserver");

    WatchesChange change = WatchesChange.between(List.of(WEB_SERVER), List.of(v2));

    assertThat(change.added()).containsExactly(v2);
    assertThat(change.removed()).containsExactly(WEB_SERVER);
  }

  @Test
  void entriesThatOnlyMovedChangeNothing() {
    assertThat(
            WatchesChange.between(List.of(WEB_SERVER, POSTGRES), List.of(POSTGRES, WEB_SERVER))
                .isEmpty())
        .isTrue();
  }
}
