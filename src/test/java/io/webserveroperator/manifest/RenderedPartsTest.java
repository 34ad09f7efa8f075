package io.webserveroperator.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RenderedPartsTest {

  private static final RenderedObject SERVER = object("server", Map.of(Ordering.WAVE, "1"));
  private static final RenderedObject BACKUP =
      object("backup", Map.of(Ordering.HOOK, "pre-delete"));
  private static final RenderedObject MIGRATE =
      object("migrate", Map.of(Ordering.HOOK, "pre-install,pre-upgrade"));

  @Test
  void anObjectWithAHookAnnotationIsAHookAndEveryOtherAChildInRenderOrder() {
    RenderedParts parts = RenderedParts.of(List.of(BACKUP, SERVER, MIGRATE));

    assertThat(parts.children()).containsExactly(SERVER);
    assertThat(parts.hooks()).containsExactly(BACKUP, MIGRATE);
  }

  @Test
  void theHooksOfSomeMomentsAreThoseThatRunAtAnyOfThem() {
    RenderedParts parts = RenderedParts.of(List.of(BACKUP, SERVER, MIGRATE));

    assertThat(parts.hooksAt(Ordering.Hook.PRE_DELETE, Ordering.Hook.POST_DELETE))
        .containsExactly(BACKUP);
    assertThat(parts.hooksAt(Ordering.Hook.PRE_UPGRADE)).containsExactly(MIGRATE);
    assertThat(parts.hooksAt(Ordering.Hook.POST_INSTALL)).isEmpty();
  }

  private static RenderedObject object(String name, Map<String, Object> annotations) {
    return new RenderedObject(
        new ObjectRef("batch/v1", "Job", "shop", name),
        Map.of(
            "apiVersion",
            "batch/v1",
            "kind",
            "Job",
            "metadata",
            Map.of("name", name, "namespace", "shop", "annotations", annotations)),
        name + ".yaml.j2");
  }
}
