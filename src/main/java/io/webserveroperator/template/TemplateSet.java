package io.webserveroperator.template;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.loader.ResourceLocator;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.TagNode;
import io.webserveroperator.template.engine.EngineFactory;
import io.webserveroperator.template.engine.ParsedSource;
import io.webserveroperator.template.output.SourceLines;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.sandbox.UnsupportedSyntax;
import io.webserveroperator.template.source.TemplateLoadException;
import io.webserveroperator.template.source.TemplateTree;
import io.webserveroperator.template.syntax.OverrideHeader;
import io.webserveroperator.template.syntax.TrimBlocks;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The parsed templates of one watch, read from a {@link TemplateTree} at one moment. Immutable and
 * shared by concurrent renders; a reload builds a new one.
 *
 * @param watch the watch these templates render
 * @param jinjava the engine, whose includes read from this set's sources
 * @param files the rendered files ({@code *.yaml.j2} at the top not starting with {@code _}), in
 *     name order; the partials beside them are parsed when loading only to check them
 * @param status the parsed status template, if the watch has one
 * @param sources the text of every file this set was read from, by path in the tree, so that a
 *     reload can tell whether anything changed
 * @param readiness the watch's readiness rules, parsed with this engine
 */
record TemplateSet(
    TemplatedKind watch,
    Jinjava jinjava,
    List<TemplateFile> files,
    Optional<TemplateFile> status,
    Map<String, String> sources,
    ReadinessRules readiness) {

  static final String SUFFIX = ".yaml.j2";

  /**
   * Parses every template of {@code watch} in {@code tree}.
   *
   * @throws TemplateLoadException naming the file and line when a template does not parse or uses
   *     what this engine refuses ({@link UnsupportedSyntax}), and when the folder yields no
   *     template to render (unless the watch allows an empty result) or the status template is
   *     missing, and when a readiness rule of the watch is malformed or does not parse
   */
  static TemplateSet load(TemplatedKind watch, TemplateTree tree) {
    String folder = watch.templates();
    Map<String, String> sources = new TreeMap<>();
    Map<String, OverrideHeader> headers = new TreeMap<>();
    kindFiles(folder, tree)
        .forEach(
            (name, text) -> {
              if (name.endsWith(SUFFIX) && !name.startsWith("_") && !name.contains("/")) {
                OverrideHeader header = header(prefix(folder, name), text);
                headers.put(name, header);
                sources.put(name, prepare(header));
              } else {
                // A partial's first line is text: Ansible reads the header of the template only.
                sources.put(name, prepare(OverrideHeader.none(text)));
              }
            });
    Jinjava jinjava = EngineFactory.create(new SourceLocator(sources, tree.root().resolve(folder)));
    List<TemplateFile> files = new ArrayList<>();
    for (Map.Entry<String, String> source : sources.entrySet()) {
      String name = source.getKey();
      if (!name.endsWith(SUFFIX)) {
        continue;
      }
      // Partials are parsed too, so that what no render reaches yet is still checked now.
      TemplateFile file = parse(jinjava, prefix(folder, name), source.getValue());
      if (headers.containsKey(name)) {
        refuseIncludesUnder(headers.get(name), file);
        files.add(file);
      }
    }
    if (files.isEmpty() && !watch.allowEmpty()) {
      throw new TemplateLoadException(
          null,
          0,
          "The templates of "
              + watch.kind()
              + " ("
              + tree.root().resolve(folder)
              + ") hold no *"
              + SUFFIX
              + " file to render, so every "
              + watch.kind()
              + " would lose all its objects. Check the folder (or, when it comes from a"
              + " ConfigMap, its keys); if no objects is what you mean, set 'allowEmpty: true' on"
              + " this kind in watches.yaml.");
    }
    Optional<TemplateFile> status = Optional.empty();
    if (watch.status().isPresent()) {
      String name = watch.status().get();
      String text =
          tree.file(name)
              .orElseThrow(
                  () ->
                      new TemplateLoadException(
                          null,
                          0,
                          "watches.yaml names the status template "
                              + name
                              + " for "
                              + watch.kind()
                              + ", which is not in "
                              + tree.root()
                              + "."));
      OverrideHeader header = header(name, text);
      TemplateFile file = parse(jinjava, name, prepare(header));
      refuseIncludesUnder(header, file);
      status = Optional.of(file);
    }
    ReadinessRules readiness = ReadinessRules.compile(watch, jinjava);
    return new TemplateSet(
        watch, jinjava, List.copyOf(files), status, sourcesOf(watch, tree), readiness);
  }

  /**
   * The files {@code watch} reads from {@code tree}, compared with {@link #sources()} on reload.
   */
  static Map<String, String> sourcesOf(TemplatedKind watch, TemplateTree tree) {
    Map<String, String> sources = new TreeMap<>();
    kindFiles(watch.templates(), tree)
        .forEach((name, text) -> sources.put(prefix(watch.templates(), name), text));
    watch.status().ifPresent(name -> tree.file(name).ifPresent(text -> sources.put(name, text)));
    return Map.copyOf(sources);
  }

  /** The files of a kind's folder that its templates are made of ({@link KindFolder}). */
  static Map<String, String> kindFiles(String folder, TemplateTree tree) {
    Map<String, String> files = new TreeMap<>(tree.folder(folder));
    files.keySet().removeIf(name -> !KindFolder.isTemplateSource(name));
    return files;
  }

  private static TemplateFile parse(Jinjava jinjava, String name, String source) {
    ParsedSource parsed = ParsedSource.of(jinjava, source);
    parsed
        .refusal()
        .ifPresent(
            problem -> {
              throw new TemplateLoadException(
                  name,
                  problem.line(),
                  parsed.parseError()
                      ? "the template does not parse: " + problem.message()
                      : problem.message());
            });
    Node marked = parsed.interpreter().parse(source);
    SourceLines.mark(marked);
    return new TemplateFile(name, parsed.root(), marked);
  }

  /**
   * A template's text as Jinja2 reads it, with the options of its {@link OverrideHeader} (else
   * Jinja2's defaults and the engine's trim_blocks): without one final newline unless {@code
   * keep_trailing_newline}, then with {@code trim_blocks} and {@code lstrip_blocks} ({@link
   * TrimBlocks}). The header line becomes an empty comment, so that line numbers stay the file's.
   */
  static String prepare(OverrideHeader header) {
    String body =
        header.keepTrailingNewline()
            ? header.body()
            : FINAL_NEWLINE.matcher(header.body()).replaceFirst("");
    String hidden =
        header.header().isEmpty() ? "" : "{#" + header.header().replaceAll("[^\r\n]", "") + "#}";
    return hidden + TrimBlocks.apply(body, header.whitespace());
  }

  private static OverrideHeader header(String name, String source) {
    try {
      return OverrideHeader.read(source);
    } catch (TemplateFailure e) {
      throw new TemplateLoadException(name, e.line(), e.getMessage());
    }
  }

  /**
   * In Ansible a header's options also apply to the templates an include or import reads, which the
   * engine prepares once for every template of the kind; so it refuses that case.
   */
  private static void refuseIncludesUnder(OverrideHeader header, TemplateFile file) {
    if (header.changesDefaults() && readsOtherTemplates(file.root())) {
      throw new TemplateLoadException(
          file.name(),
          1,
          "a #jinja2: header that changes trim_blocks, lstrip_blocks or keep_trailing_newline"
              + " would apply to the templates this one includes or imports too, which the engine"
              + " does not do; drop the header or the include");
    }
  }

  private static boolean readsOtherTemplates(Node node) {
    if (node instanceof TagNode tag && READING_TAGS.contains(tag.getTag().getName())) {
      return true;
    }
    return node.getChildren().stream().anyMatch(TemplateSet::readsOtherTemplates);
  }

  private static final Set<String> READING_TAGS = Set.of("include", "import", "from");

  private static final Pattern FINAL_NEWLINE = Pattern.compile("(\\r\\n|\\r|\\n)\\z");

  private static String prefix(String folder, String name) {
    return folder.isEmpty() ? name : folder + "/" + name;
  }

  /**
   * Serves {@code include} and {@code import} from the sources read at load time, refusing any that
   * names jinjava's interpreter.
   */
  private record SourceLocator(Map<String, String> sources, Path folder)
      implements ResourceLocator {

    @Override
    public String getString(String fullName, Charset encoding, JinjavaInterpreter interpreter)
        throws IOException {
      String name = fullName.startsWith("./") ? fullName.substring(2) : fullName;
      String source = sources.get(name);
      if (source == null) {
        throw new FileNotFoundException("no template " + fullName + " in " + folder);
      }
      // Loading checked the *.yaml.j2 files; this covers any other file a template includes.
      Optional<UnsupportedSyntax.Problem> problem = UnsupportedSyntax.interpreterName(source);
      if (problem.isPresent()) {
        throw new IOException(name + ":" + problem.get().line() + ": " + problem.get().message());
      }
      return source;
    }
  }
}
