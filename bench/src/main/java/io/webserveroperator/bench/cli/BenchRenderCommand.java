package io.webserveroperator.bench.cli;

import io.webserveroperator.cli.options.TemplatesOption;
import io.webserveroperator.template.RegistryOptions;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench render}: full WebServer renders per second on one thread (every template, parse to
 * objects, validation, ownership), with or without the parse cache, of one WebServer or of several
 * in turn, as a storm has them.
 */
@Command(
    name = "render",
    mixinStandardHelpOptions = true,
    description = "Full WebServer renders per second on one thread.")
final class BenchRenderCommand implements Callable<Integer> {

  @Mixin TemplatesOption templates;

  @Spec CommandSpec spec;

  @Option(names = "--seconds", defaultValue = "5", description = "Measured time (default 5).")
  int seconds;

  @Option(names = "--warmup", defaultValue = "2", description = "Warm-up time (default 2).")
  int warmup;

  @Option(names = "--no-cache", description = "Parse the templates again on every render.")
  boolean noCache;

  @Option(
      names = "--resources",
      defaultValue = "1",
      description =
          "Distinct WebServers rendered in turn, each with its own name, uid and 1 to 5 replicas"
              + " (default 1).")
  int resources;

  @Override
  public Integer call() {
    RegistryOptions options =
        RegistryOptions.defaults().toBuilder().cacheParsedTemplates(!noCache).build();
    try (TemplateRegistry registry = TemplateRegistry.load(templates.watches(), options)) {
      TemplatedKind watch = registry.watchFor("webapp.example.com/v1", "WebServer").orElseThrow();
      List<Map<String, Object>> samples =
          IntStream.range(0, resources).mapToObj(BenchRenderCommand::sample).toList();
      int objects = registry.render(watch, samples.get(0)).size();
      run(registry, watch, samples, warmup);
      long start = System.nanoTime();
      long renders = run(registry, watch, samples, seconds);
      double elapsed = (System.nanoTime() - start) / 1e9;
      spec.commandLine()
          .getOut()
          .printf(
              "bench render: %s, %d WebServer(s), %d objects per render, %d renders in %.2f s:"
                  + " %.0f renders/s, %.1f us/render (one thread)%n",
              noCache ? "no parse cache" : "parse cache",
              resources,
              objects,
              renders,
              elapsed,
              renders / elapsed,
              elapsed * 1e6 / renders);
    }
    return 0;
  }

  private static long run(
      TemplateRegistry registry,
      TemplatedKind watch,
      List<Map<String, Object>> samples,
      int seconds) {
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    long count = 0;
    while (System.nanoTime() < end) {
      for (int i = 0; i < 100; i++) {
        registry.render(watch, samples.get((int) (count + i) % samples.size()));
      }
      count += 100;
    }
    return count;
  }

  private static Map<String, Object> sample(int index) {
    return Map.of(
        "apiVersion",
        "webapp.example.com/v1",
        "kind",
        "WebServer",
        "metadata",
        Map.of(
            "name",
            index == 0 ? "my-nginx-app" : "my-nginx-app-" + index,
            "namespace",
            "default",
            "uid",
            index == 0
                ? "0b9f3c2e-8d1a-4c55-9a5e-2f1d7c6b4a10"
                : UUID.nameUUIDFromBytes(("web-" + index).getBytes(StandardCharsets.UTF_8))
                    .toString()),
        "spec",
        Map.of("image", "nginx:latest", "replicas", index == 0 ? 2 : 1 + index % 5));
  }
}
