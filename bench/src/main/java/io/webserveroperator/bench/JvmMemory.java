package io.webserveroperator.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The memory of another JVM on this machine: resident and peak from {@code /proc/PID/status}, the
 * heap after a full collection and the native memory summary from this JDK's {@code jcmd}.
 */
public final class JvmMemory {

  /** A generation of the serial collector: JDK 17 names them "... generation", JDK 25 by class. */
  private static final Pattern GENERATION_USED =
      Pattern.compile("(?:generation|DefNew|Tenured)\\s+total \\d+K, used (\\d+)K");

  private JvmMemory() {}

  /** Its memory now: heap after a full collection (when jcmd is at hand), resident and peak. */
  public static MemoryFigures of(ProcessHandle process) {
    long heap = heapAfterFullGc(process);
    Map<String, Long> status = ProcStatus.read(process.pid());
    return new MemoryFigures(
        heap, status.getOrDefault("VmRSS", -1L), status.getOrDefault("VmHWM", -1L));
  }

  /**
   * The JVM's own account of its memory by area ({@code jcmd VM.native_memory summary}), when it
   * runs with {@code -XX:NativeMemoryTracking}; empty otherwise.
   */
  public static String nativeMemorySummary(ProcessHandle process) {
    Path jcmd = jcmd();
    return Files.isExecutable(jcmd) ? jcmd(jcmd, process, "VM.native_memory summary") : "";
  }

  private static long heapAfterFullGc(ProcessHandle process) {
    Path jcmd = jcmd();
    if (!Files.isExecutable(jcmd)) {
      return -1;
    }
    jcmd(jcmd, process, "GC.run");
    return heapUsed(jcmd(jcmd, process, "GC.heap_info"));
  }

  /** The bytes the generations of {@code jcmd GC.heap_info}'s answer use; -1 if it names none. */
  static long heapUsed(String heapInfo) {
    Matcher matcher = GENERATION_USED.matcher(heapInfo);
    long kib = 0;
    boolean found = false;
    while (matcher.find()) {
      kib += Long.parseLong(matcher.group(1));
      found = true;
    }
    return found ? kib * 1024 : -1;
  }

  private static Path jcmd() {
    return Path.of(System.getProperty("java.home"), "bin", "jcmd");
  }

  private static String jcmd(Path jcmd, ProcessHandle process, String command) {
    List<String> line = new ArrayList<>(List.of(jcmd.toString(), Long.toString(process.pid())));
    line.addAll(List.of(command.split(" ")));
    try {
      Process run = new ProcessBuilder(line).redirectErrorStream(true).start();
      String output = new String(run.getInputStream().readAllBytes());
      run.waitFor(30, TimeUnit.SECONDS);
      return output;
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
