package io.webserveroperator.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts the operator as a child JVM for a test ({@link OperatorProcess}), from the packaged jar
 * when the build made one, else from this JVM's classpath, with a small heap and quick start-up.
 */
public final class OperatorJvm {

  private static final List<String> JVM_FLAGS = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1");

  private OperatorJvm() {}

  /**
   * Starts the operator's main class with exactly these arguments and extra environment; {@code
   * healthPort} is where its /healthz will be, its log is {@code folder/NAME.log}.
   */
  public static OperatorProcess start(
      String name, List<String> args, Map<String, String> env, int healthPort, Path folder) {
    Path jar = Project.file("target/webserver-operator.jar");
    String classpath =
        Files.isRegularFile(jar) ? jar.toString() : System.getProperty("java.class.path");
    List<String> javaArguments = new ArrayList<>(JVM_FLAGS);
    javaArguments.addAll(List.of("-cp", classpath, "io.webserveroperator.cli.Main"));
    javaArguments.addAll(args);
    return OperatorProcess.start(javaArguments, env, healthPort, folder.resolve(name + ".log"));
  }
}
