package io.webserveroperator.cli;

import picocli.CommandLine.IVersionProvider;

/** Reads the version that Maven wrote into the jar's manifest. */
final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String version = Main.class.getPackage().getImplementationVersion();
    return new String[] {
      "webserver-operator " + (version == null ? "(development build)" : version)
    };
  }
}
