package io.webserveroperator.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The memory lines of Linux's {@code /proc/PID/status}, in bytes. */
public final class ProcStatus {

  private ProcStatus() {}

  /** The {@code Vm*} lines of a process (VmRSS, VmHWM, ...); empty where /proc is missing. */
  public static Map<String, Long> read(long pid) {
    Path file = Path.of("/proc", Long.toString(pid), "status");
    Map<String, Long> values = new LinkedHashMap<>();
    try {
      for (String line : Files.readAllLines(file)) {
        parse(line, values);
      }
    } catch (IOException e) {
      return Map.of();
    }
    return values;
  }

  /** Adds a line such as {@code VmRSS: 123456 kB} to the map, in bytes. */
  static void parse(String line, Map<String, Long> values) {
    int colon = line.indexOf(':');
    if (!line.startsWith("Vm") || colon < 0 || !line.endsWith(" kB")) {
      return;
    }
    String number = line.substring(colon + 1, line.length() - 3).trim();
    values.put(line.substring(0, colon), Long.parseLong(number) * 1024);
  }
}
