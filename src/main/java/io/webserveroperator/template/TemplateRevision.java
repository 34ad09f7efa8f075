package io.webserveroperator.template;

import io.webserveroperator.manifest.ContentHash;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One version of a kind's templates: the text of every file the kind reads, and a short hash of it
 * that names the version wherever it is stored or reported. Two loads of the same text give the
 * same hash, so templates edited back to an earlier text are that earlier revision again.
 *
 * @param hash the first {@value #HASH_LENGTH} hex digits of the SHA-256 of the files
 * @param sources the text of each file, by its path under the templates root
 */
public record TemplateRevision(String hash, Map<String, String> sources) {

  /** Hex digits of a revision's hash: as many as a pod-template-hash carries, and some. */
  public static final int HASH_LENGTH = 10;

  public TemplateRevision {
    Objects.requireNonNull(hash, "hash");
    sources = Map.copyOf(sources);
  }

  /** The revision of {@code sources}, named by their hash. */
  public static TemplateRevision of(Map<String, String> sources) {
    return new TemplateRevision(hashOf(sources), sources);
  }

  private static String hashOf(Map<String, String> sources) {
    MessageDigest digest = ContentHash.sha256();
    // Path and text each end in a NUL, which neither holds: no two sets of files digest alike.
    new TreeMap<>(sources)
        .forEach(
            (path, text) -> {
              digest.update(path.getBytes(StandardCharsets.UTF_8));
              digest.update((byte) 0);
              digest.update(text.getBytes(StandardCharsets.UTF_8));
              digest.update((byte) 0);
            });
    return ContentHash.hex(digest.digest(), HASH_LENGTH);
  }
}
