package io.webserveroperator.template.source;

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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a templates root and every folder below it, following links, and calls back once per
 * change after edits settle for a moment, so that an editor's save or a kubelet's ConfigMap update
 * (new timestamped folder, {@code ..data} link swapped, links added and removed) counts as one.
 * After each change the folders are registered anew, because a swap replaces the folders that links
 * point to.
 *
 * <p>A link on the way to the root is swapped in the folder that holds it, where nothing below the
 * root sees it: git-sync publishes each commit by renaming a new link over {@code /git/current},
 * and the templates are read from {@code /git/current/templates}. So the folders holding such links
 * are watched too ({@link #linkParents}), and their changes count as changes of the templates.
 */
public final class TemplateWatcher implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(TemplateWatcher.class);

  private static final long SETTLE_MILLIS = 150;

  private final WatchService service;
  private final Thread thread;

  private TemplateWatcher(WatchService service, Thread thread) {
    this.service = service;
    this.thread = thread;
  }

  /**
   * Starts watching {@code root}; {@code changed} runs on the watcher's thread after each change.
   */
  public static TemplateWatcher start(Path root, Runnable changed) {
    try {
      WatchService service = FileSystems.getDefault().newWatchService();
      List<WatchKey> keys = new ArrayList<>();
      register(service, root, keys);
      Thread thread = new Thread(() -> loop(service, root, keys, changed), "template-watcher");
      thread.setDaemon(true);
      thread.start();
      return new TemplateWatcher(service, thread);
    } catch (IOException e) {
      throw new OperatorException(
          "Cannot watch the templates under " + root + ": " + e.getMessage(), e);
    }
  }

  private static void register(WatchService service, Path root, List<WatchKey> keys)
      throws IOException {
    keys.forEach(WatchKey::cancel);
    keys.clear();
    keys.add(watch(service, root));
    for (Path parent : linkParents(root)) {
      keys.add(watch(service, parent));
    }
    List<Path> folders;
    try {
      folders = TemplateTree.read(root).folders();
    } catch (OperatorException e) {
      // Broken right now (the reload reports why); the root's events will show the repair.
      return;
    }
    for (Path folder : folders.subList(1, folders.size())) {
      try {
        keys.add(watch(service, folder));
      } catch (IOException e) {
        // Gone since it was read: the change that removed it triggers another registration.
      }
    }
  }

  /**
   * The folders that hold a link on the way to {@code root}, the root itself included, nearest
   * last: where a swap of that link, which changes every file below, shows as an event.
   */
  static List<Path> linkParents(Path root) {
    Path absolute = root.toAbsolutePath().normalize();
    List<Path> parents = new ArrayList<>();
    Path prefix = absolute.getRoot();
    for (Path name : absolute) {
      prefix = prefix.resolve(name);
      if (Files.isSymbolicLink(prefix) && !parents.contains(prefix.getParent())) {
        parents.add(prefix.getParent());
      }
    }
    return parents;
  }

  private static WatchKey watch(WatchService service, Path folder) throws IOException {
    return folder.register(
        service,
        StandardWatchEventKinds.ENTRY_CREATE,
        StandardWatchEventKinds.ENTRY_MODIFY,
        StandardWatchEventKinds.ENTRY_DELETE);
  }

  private static void loop(WatchService service, Path root, List<WatchKey> keys, Runnable changed) {
    try {
      while (true) {
        settle(service, service.take());
        try {
          register(service, root, keys);
        } catch (IOException e) {
          LOG.error("Cannot watch the templates under {} any more: {}", root, e.toString());
          return;
        }
        changed.run();
      }
    } catch (InterruptedException | ClosedWatchServiceException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void settle(WatchService service, WatchKey first) throws InterruptedException {
    WatchKey key = first;
    while (key != null) {
      key.pollEvents();
      key.reset();
      key = service.poll(SETTLE_MILLIS, TimeUnit.MILLISECONDS);
    }
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
