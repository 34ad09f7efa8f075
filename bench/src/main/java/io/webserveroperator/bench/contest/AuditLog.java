package io.webserveroperator.bench.contest;

import io.webserveroperator.bench.BenchException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the API server's audit log as it grows and keeps the running {@link AuditCounts} of one
 * user. Reads only whole lines, so a line the API server is still writing is read next time.
 */
final class AuditLog {

  private final Path file;
  private final String user;
  private long offset;
  private AuditCounts counts = AuditCounts.none();

  AuditLog(Path file, String user) {
    this.file = file;
    this.user = user;
  }

  /** The user's requests so far. */
  synchronized AuditCounts counts() {
    if (!Files.exists(file)) {
      return counts;
    }
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      long length = in.length();
      if (length < offset) {
        throw new BenchException("The audit log " + file + " shrank: was it rotated?");
      }
      byte[] bytes = new byte[(int) (length - offset)];
      in.seek(offset);
      in.readFully(bytes);
      int end = lastNewline(bytes);
      List<String> lines = new ArrayList<>();
      int start = 0;
      for (int i = 0; i <= end; i++) {
        if (bytes[i] == '\n') {
          lines.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
          start = i + 1;
        }
      }
      offset += end + 1;
      counts = counts.plus(lines, user);
      return counts;
    } catch (IOException e) {
      throw new BenchException("Cannot read the audit log " + file + ": " + e.getMessage(), e);
    }
  }

  private static int lastNewline(byte[] bytes) {
    for (int i = bytes.length - 1; i >= 0; i--) {
      if (bytes[i] == '\n') {
        return i;
      }
    }
    return -1;
  }
}
