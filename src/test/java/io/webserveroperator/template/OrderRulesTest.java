package io.webserveroperator.template;

import static io.webserveroperator.template.ObjectRulesTest.render;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.RenderedObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The order annotations ({@code wave}, {@code depends-on}, {@code hook}, {@code replaces}) fail a
 * render at the template's file and line, naming what is wrong: an order the engine cannot follow
 * is never applied some other way.
 */
class OrderRulesTest {

  @Test
  void aWaveThatIsNoIntegerFailsAtItsLine() {
    assertThatThrownBy(() -> render("Order", Map.of("wave", "soon")))
        .isInstanceOf(RenderException.class)
        .hasMessageStartingWith("Order team-a/web: order/config.yaml.j2:7: ")
        .hasMessageContaining("annotation webserver-operator.io/wave is 'soon'")
        .hasMessageContaining("a wave is an integer");
  }

  @Test
  void anUnknownHookFailsAtItsLineListingTheHooks() {
    assertThatThrownBy(() -> render("Order", Map.of("hook", "pre-instal")))
        .isInstanceOf(RenderException.class)
        .hasMessageStartingWith("Order team-a/web: order/config.yaml.j2:13: ")
        .hasMessageContaining("names 'pre-instal', which is no hook")
        .hasMessageContaining("pre-install");
  }

  @Test
  void aCircleOfDependsOnFailsNamingEveryObjectOnIt() {
    assertThatThrownBy(
            () ->
                render(
                    "Order",
                    Map.of(
                        "configDependsOn", "Service/web",
                        "serviceDependsOn", "ConfigMap/web-config")))
        .isInstanceOf(RenderException.class)
        .hasMessageStartingWith("Order team-a/web: order/config.yaml.j2:10: ")
        .hasMessageContaining(
            "a circle of depends-on: ConfigMap team-a/web-config -> Service team-a/web ->"
                + " ConfigMap team-a/web-config");
  }

  @Test
  void dependingOnALaterWaveIsACircleThroughTheWaves() {
    assertThatThrownBy(
            () -> render("Order", Map.of("configDependsOn", "Service/web", "serviceWave", "1")))
        .isInstanceOf(RenderException.class)
        .hasMessageStartingWith("Order team-a/web: order/config.yaml.j2:10: ")
        .hasMessageContaining(
            "a circle: ConfigMap team-a/web-config (wave 0) depends on Service team-a/web (wave"
                + " 1)");
  }

  @Test
  void replacingAnObjectStillRenderedFailsAtTheReplacesLine() {
    assertThatThrownBy(() -> render("Order", Map.of("replaces", "ConfigMap/web-config")))
        .isInstanceOf(RenderException.class)
        .hasMessageStartingWith("Order team-a/web: order/service.yaml.j2:13: ")
        .hasMessageContaining("which a template still renders");
  }

  @Test
  void aValidOrderRendersAndReadsBack() {
    List<RenderedObject> objects =
        render("Order", Map.of("wave", "-1", "serviceDependsOn", "ConfigMap/web-config"));

    assertThat(objects)
        .extracting(object -> Ordering.of(object.body()).wave())
        .containsExactly(-1, 0);
    assertThat(Ordering.of(objects.get(1).body()).dependsOn())
        .singleElement()
        .satisfies(sibling -> assertThat(sibling.matches(objects.get(0).ref())).isTrue());
  }
}
