package io.webserveroperator.cli.options;

import io.webserveroperator.OperatorException;
import io.webserveroperator.cli.exit.CommandException;
import io.webserveroperator.cli.exit.Failure;
import io.webserveroperator.template.TemplateRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --templates DIR}, the same for every command that renders. */
public final class TemplatesOption {

  @Option(
      names = "--templates",
      paramLabel = "DIR",
      defaultValue = "${env:WSO_TEMPLATES:-templates}",
      description = "Folder with watches.yaml (env WSO_TEMPLATES; default: ${DEFAULT-VALUE}).")
  Path folder;

  /** The folder holding {@code watches.yaml}. */
  public Path folder() {
    return folder;
  }

  /** Its {@code watches.yaml}. */
  public Path watches() {
    return folder.resolve("watches.yaml");
  }

  /**
   * Its {@code watches.yaml}, which must exist.
   *
   * @throws CommandException ({@link Failure#INPUT}) when the folder or the file does not exist
   */
  public Path existingWatches() {
    Path absolute = folder.toAbsolutePath().normalize();
    if (!Files.isDirectory(absolute)) {
      throw new CommandException(
          Failure.INPUT,
          "The templates folder "
              + absolute
              + " does not exist. Give --templates (or WSO_TEMPLATES) the folder that holds"
              + " watches.yaml.");
    }
    if (!Files.isRegularFile(absolute.resolve("watches.yaml"))) {
      throw new CommandException(
          Failure.INPUT,
          "The templates folder "
              + absolute
              + " has no watches.yaml. Give --templates (or WSO_TEMPLATES) the folder that holds"
              + " it.");
    }
    return watches();
  }

  /**
   * Loads the templates, as the operator does.
   *
   * @throws CommandException ({@link Failure#INPUT}) when there is no such folder or watches.yaml,
   *     ({@link Failure#CONFIGURATION}) when watches.yaml or the folder cannot be read
   */
  public TemplateRegistry load() {
    Path watches = existingWatches();
    try {
      return TemplateRegistry.load(watches);
    } catch (OperatorException e) {
      throw new CommandException(Failure.CONFIGURATION, e.getMessage(), e);
    }
  }
}
