package io.webserveroperator.template;

import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Watches each template folder (and the folders of status templates) and calls back once per
 * changed watch, after edits settle for a moment so that an editor's save counts as one change.
 */
final class TemplateWatcher implements AutoCloseable {

  private static final long SETTLE_MILLIS = 150;

  private final WatchService service;
  private final Thread thread;

  private TemplateWatcher(WatchService service, Thread thread) {
    this.service = service;
    this.thread = thread;
  }

  static TemplateWatcher start(Path root, List<Watch> watches, Consumer<Watch> changed) {
    try {
      WatchService service = FileSystems.getDefault().newWatchService();
      Map<WatchKey, List<Watch>> keys = new HashMap<>();
      for (Watch watch : watches) {
        Set<Path> folders = new LinkedHashSet<>();
        try (Stream<Path> paths = Files.walk(watch.templates())) {
          paths.filter(Files::isDirectory).forEach(folders::add);
        }
        watch.status().ifPresent(s -> folders.add(root.resolve(s).normalize().getParent()));
        for (Path folder : folders) {
          WatchKey key =
              folder.register(
                  service,
                  StandardWatchEventKinds.ENTRY_CREATE,
                  StandardWatchEventKinds.ENTRY_MODIFY,
                  StandardWatchEventKinds.ENTRY_DELETE);
          keys.computeIfAbsent(key, k -> new ArrayList<>()).add(watch);
        }
      }
      Thread thread = new Thread(() -> loop(service, keys, changed), "template-watcher");
      thread.setDaemon(true);
      thread.start();
      return new TemplateWatcher(service, thread);
    } catch (IOException e) {
      throw new OperatorException(
          "Cannot watch the templates under " + root + ": " + e.getMessage(), e);
    }
  }

  private static void loop(
      WatchService service, Map<WatchKey, List<Watch>> keys, Consumer<Watch> changed) {
    try {
      while (true) {
        WatchKey key = service.take();
        Set<Watch> dirty = new LinkedHashSet<>();
        collect(key, keys, dirty);
        WatchKey more;
        while ((more = service.poll(SETTLE_MILLIS, TimeUnit.MILLISECONDS)) != null) {
          collect(more, keys, dirty);
        }
        dirty.forEach(changed);
      }
    } catch (InterruptedException | ClosedWatchServiceException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void collect(WatchKey key, Map<WatchKey, List<Watch>> keys, Set<Watch> dirty) {
    key.pollEvents();
    key.reset();
    dirty.addAll(keys.getOrDefault(key, List.of()));
  }

  @Override
  public void close() {
    try {
      service.close();
    } catch (IOException e) {
      // The service is being thrown away; nothing is left to release.
    }
    thread.interrupt();
  }
}
