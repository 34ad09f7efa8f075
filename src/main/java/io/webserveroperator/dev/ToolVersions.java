package io.webserveroperator.dev;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The versions of Kubernetes, etcd and kwok that this build was tested with, as pinned in the pom.
 *
 * @param kubernetes the Kubernetes version, for example {@code 1.34.4}
 * @param etcd the etcd version
 * @param kwok the kwok version
 */
public record ToolVersions(String kubernetes, String etcd, String kwok) {

  /** The classpath resource that Maven fills in from the pom's properties. */
  public static final String RESOURCE = "/webserver-operator.properties";

  public ToolVersions {
    requireVersion("kubernetes", kubernetes);
    requireVersion("etcd", etcd);
    requireVersion("kwok", kwok);
  }

  /** Reads the versions that Maven wrote into {@value #RESOURCE}. */
  public static ToolVersions fromClasspath() {
    Properties properties = new Properties();
    try (InputStream in = ToolVersions.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new DevClusterException(
            "The resource "
                + RESOURCE
                + " is missing from the classpath; build the project with ./mvnw package.");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ToolVersions(
        properties.getProperty("kubernetes.version"),
        properties.getProperty("etcd.version"),
        properties.getProperty("kwok.version"));
  }

  private static void requireVersion(String tool, String version) {
    if (version == null || version.isBlank() || version.contains("${")) {
      throw new DevClusterException(
          "The "
              + tool
              + " version is not set (found '"
              + version
              + "'); build the project with ./mvnw so that Maven fills in "
              + RESOURCE
              + ".");
    }
  }
}
