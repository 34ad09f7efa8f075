package io.webserveroperator.cli;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.cli.exit.CommandException;
import io.webserveroperator.cli.exit.Failure;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.manifest.YamlErrors;
import io.webserveroperator.manifest.YamlFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads custom resources as {@code -f} names them: a YAML file of one or more documents, {@code -}
 * for stdin, or a folder, whose {@code *.yaml} and {@code *.yml} files are read in name order.
 */
final class ResourceFiles {

  private static final YAMLMapper YAML = new YAMLMapper();
  private static final String WHAT_TO_GIVE =
      "Give -f a YAML file of custom resources, a folder of them, or '-' for stdin.";

  /**
   * One resource and where it came from.
   *
   * @param source the file it was read from, or {@code -} for stdin, for messages
   * @param body the resource as plain maps
   */
  record FileResource(String source, Map<String, Object> body) {}

  private ResourceFiles() {}

  /**
   * The resources of one {@code -f} argument, in file and document order; empty documents are
   * skipped.
   *
   * @throws CommandException ({@link Failure#INPUT}) when a file does not exist, cannot be read, is
   *     not YAML, or holds a document that is not a map
   */
  static List<FileResource> read(String file, InputStream stdin) {
    if ("-".equals(file)) {
      try {
        return parse(file, new String(stdin.readAllBytes(), StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new CommandException(Failure.INPUT, "Cannot read stdin: " + e.getMessage(), e);
      }
    }
    Path path = Path.of(file);
    if (!Files.exists(path)) {
      throw new CommandException(Failure.INPUT, file + " does not exist. " + WHAT_TO_GIVE);
    }
    List<Path> files = Files.isDirectory(path) ? YamlFiles.in(path) : List.of(path);
    if (files.isEmpty()) {
      throw new CommandException(
          Failure.INPUT, "The folder " + file + " holds no *.yaml or *.yml file. " + WHAT_TO_GIVE);
    }
    List<FileResource> resources = new ArrayList<>();
    for (Path each : files) {
      try {
        resources.addAll(parse(each.toString(), Files.readString(each)));
      } catch (IOException e) {
        throw new CommandException(
            Failure.INPUT, YamlErrors.describe(each.toString(), e) + ". " + WHAT_TO_GIVE, e);
      }
    }
    return resources;
  }

  private static List<FileResource> parse(String source, String text) {
    List<FileResource> resources = new ArrayList<>();
    try (MappingIterator<Object> documents = YAML.readerFor(Object.class).readValues(text)) {
      int index = 0;
      while (documents.hasNextValue()) {
        Object document = documents.nextValue();
        index++;
        if (document == null) {
          continue;
        }
        if (!(document instanceof Map<?, ?>)) {
          throw new CommandException(
              Failure.INPUT,
              source
                  + " document "
                  + index
                  + " is not a Kubernetes object (a YAML map). "
                  + WHAT_TO_GIVE);
        }
        resources.add(
            new FileResource(source, UntypedMaps.asMap(document, source + " document " + index)));
      }
    } catch (IOException e) {
      throw new CommandException(
          Failure.INPUT, YamlErrors.describe(source, e) + ". Fix the file.", e);
    }
    return resources;
  }
}
