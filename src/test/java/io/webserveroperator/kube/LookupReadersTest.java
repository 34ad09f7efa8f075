package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.Lookup;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The index from what was read to who read it. */
class LookupReadersTest {

  private static final Lookup DEFAULTS = Lookup.named("v1", "ConfigMap", "platform", "defaults");
  private static final Lookup DATABASES =
      new Lookup("v1", "ConfigMap", "platform", "", Map.of("tier", "db"));
  private static final ObjectRef SHOP = ref("shop");
  private static final ObjectRef CART = ref("cart");

  private final LookupReaders readers = new LookupReaders();

  @Test
  void aChangeReachesExactlyTheResourcesWhoseLastRenderReadIt() {
    readers.add(SHOP, DEFAULTS);
    readers.add(CART, DEFAULTS);
    readers.add(CART, DATABASES);

    assertThat(readers.readersOf(DEFAULTS)).containsExactlyInAnyOrder(SHOP, CART);
    assertThat(readers.readersOf(DATABASES)).containsExactly(CART);

    assertThat(readers.replace(CART, Set.of(DEFAULTS)))
        .as("nobody reads the list any more")
        .containsExactly(DATABASES);
    assertThat(readers.readersOf(DATABASES)).isEmpty();
    assertThat(readers.replace(SHOP, Set.of())).as("the cart still reads it").isEmpty();
    assertThat(readers.readersOf(DEFAULTS)).containsExactly(CART);
    assertThat(readers.readerCount()).isEqualTo(1);
  }

  @Test
  void anActionOnALookupNobodyReadsRunsOnlyWhileNobodyDoes() {
    boolean[] ran = {false};
    readers.add(SHOP, DEFAULTS);

    readers.ifUnread(DEFAULTS, () -> ran[0] = true);
    assertThat(ran[0]).isFalse();

    readers.replace(SHOP, Set.of());
    readers.ifUnread(DEFAULTS, () -> ran[0] = true);
    assertThat(ran[0]).isTrue();
  }

  private static ObjectRef ref(String name) {
    return new ObjectRef("webapp.example.com/v1", "WebServer", "shop", name);
  }
}
