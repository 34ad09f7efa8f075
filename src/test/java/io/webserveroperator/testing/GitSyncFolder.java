package io.webserveroperator.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A folder written the way git-sync (v4) writes its {@code --root}: each commit checked out as a
 * worktree {@code .worktrees/<sha>}, and its {@code --link} ({@code current}) a relative link to
 * the newest one, published atomically: a link {@code tmp-link} is made beside it and renamed over
 * it. Then, unless a {@code --stale-worktree-timeout} keeps it, the previous worktree is removed.
 */
public final class GitSyncFolder {

  private final Path root;
  private final String link;
  private int commits;

  private GitSyncFolder(Path root, String link) {
    this.root = root;
    this.link = link;
  }

  /** The root with a first commit of {@code files} (text by path in the repository) published. */
  public static GitSyncFolder sync(Path root, String link, Map<String, String> files) {
    GitSyncFolder folder = new GitSyncFolder(root, link);
    folder.commit(files, true);
    return folder;
  }

  /** The link the consumers read through, {@code <root>/<link>}. */
  public Path link() {
    return root.resolve(link);
  }

  /**
   * Checks out a new commit of {@code files}, publishes it, and removes the previous worktree
   * unless {@code removeStale} is false.
   */
  public void commit(Map<String, String> files, boolean removeStale) {
    try {
      Path worktrees = Files.createDirectories(root.resolve(".worktrees"));
      Path previous =
          Files.isSymbolicLink(link()) ? root.resolve(Files.readSymbolicLink(link())) : null;
      Path worktree = worktrees.resolve(sha(++commits));
      for (Map.Entry<String, String> file : files.entrySet()) {
        Path target = worktree.resolve(file.getKey());
        Files.createDirectories(target.getParent());
        Files.writeString(target, file.getValue(), StandardCharsets.UTF_8);
      }
      Path tmp = root.resolve("tmp-link");
      Files.createSymbolicLink(tmp, root.relativize(worktree));
      Files.move(tmp, link(), StandardCopyOption.ATOMIC_MOVE);
      if (previous != null && removeStale) {
        delete(previous);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A commit hash of 40 hex digits, different for each commit. */
  private static String sha(int commit) {
    byte[] bytes = new byte[20];
    bytes[19] = (byte) commit;
    bytes[0] = (byte) 0xab;
    return HexFormat.of().formatHex(bytes);
  }

  private static void delete(Path folder) throws IOException {
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
