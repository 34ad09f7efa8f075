package io.webserveroperator.template;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.loader.ResourceLocator;
import com.hubspot.jinjava.tree.Node;
import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The parsed templates of one watch, read from its folder at one moment. Immutable and shared by
 * concurrent renders; a reload builds a new one.
 *
 * @param watch the watch these templates render
 * @param jinjava the engine, whose includes read from this set's sources
 * @param files the rendered files ({@code *.yaml.j2} not starting with {@code _}), in name order
 * @param status the parsed status template, if the watch has one
 */
record TemplateSet(
    Watch watch, Jinjava jinjava, List<TemplateFile> files, Optional<TemplateFile> status) {

  static final String SUFFIX = ".yaml.j2";

  /**
   * Reads and parses every template of {@code watch}.
   *
   * @param root the templates root (the folder of watches.yaml), for names in messages
   * @throws OperatorException naming the file and line when a template does not parse
   */
  static TemplateSet load(Watch watch, Path root) {
    Map<String, String> sources = read(watch.templates());
    Jinjava jinjava = EngineFactory.create(new SourceLocator(sources, watch.templates()));
    String folder = relative(root, watch.templates());
    List<TemplateFile> files = new ArrayList<>();
    for (Map.Entry<String, String> source : sources.entrySet()) {
      String name = source.getKey();
      if (name.endsWith(SUFFIX) && !name.startsWith("_") && !name.contains("/")) {
        files.add(parse(jinjava, prefix(folder, name), source.getValue()));
      }
    }
    Optional<TemplateFile> status = Optional.empty();
    if (watch.status().isPresent()) {
      Path file = root.resolve(watch.status().get()).normalize();
      status = Optional.of(parse(jinjava, relative(root, file), trimBlocks(readFile(file))));
    }
    return new TemplateSet(watch, jinjava, List.copyOf(files), status);
  }

  private static TemplateFile parse(Jinjava jinjava, String name, String source) {
    Context context = new Context(jinjava.getGlobalContext());
    EngineFactory.prepare(context);
    JinjavaInterpreter interpreter =
        new JinjavaInterpreter(jinjava, context, jinjava.getGlobalConfig());
    Node root = interpreter.parse(source);
    for (TemplateError error : interpreter.getErrors()) {
      if (error.getSeverity() == TemplateError.ErrorType.FATAL) {
        throw new OperatorException(
            name
                + ":"
                + error.getLineno()
                + ": the template does not parse: "
                + error.getMessage());
      }
    }
    return new TemplateFile(name, root);
  }

  private static Map<String, String> read(Path folder) {
    if (!Files.isDirectory(folder)) {
      throw new OperatorException("The templates folder " + folder + " does not exist.");
    }
    Map<String, String> sources = new TreeMap<>();
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : (Iterable<Path>) paths.filter(Files::isRegularFile)::iterator) {
        sources.put(
            folder.relativize(path).toString().replace('\\', '/'), trimBlocks(readFile(path)));
      }
    } catch (IOException e) {
      throw new OperatorException("Cannot read the templates folder " + folder + ": " + e, e);
    }
    return sources;
  }

  /**
   * Jinja2's {@code trim_blocks}: the first newline after a block tag or comment is dropped. Done
   * here by moving that newline into a comment, because jinjava's own option miscounts the lines
   * that error messages report.
   */
  static String trimBlocks(String source) {
    return BLOCK_END_NEWLINE.matcher(source).replaceAll("$1{#\n#}");
  }

  private static final java.util.regex.Pattern BLOCK_END_NEWLINE =
      Pattern.compile("([%#]\\})\\r?\\n");

  private static String readFile(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new OperatorException("Cannot read the template " + file + ": " + e, e);
    }
  }

  private static String relative(Path root, Path path) {
    Path normalized = path.toAbsolutePath().normalize();
    Path base = root.toAbsolutePath().normalize();
    return normalized.startsWith(base)
        ? base.relativize(normalized).toString().replace('\\', '/')
        : normalized.toString();
  }

  private static String prefix(String folder, String name) {
    return folder.isEmpty() ? name : folder + "/" + name;
  }

  /** Serves {@code include} and {@code import} from the sources read at load time. */
  private record SourceLocator(Map<String, String> sources, Path folder)
      implements ResourceLocator {

    @Override
    public String getString(
        String fullName, java.nio.charset.Charset encoding, JinjavaInterpreter interpreter)
        throws IOException {
      String name = fullName.startsWith("./") ? fullName.substring(2) : fullName;
      String source = sources.get(name);
      if (source == null) {
        throw new IOException("no template " + fullName + " in " + folder);
      }
      return source;
    }
  }
}
