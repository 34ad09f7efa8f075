package io.webserveroperator.scaffold;

import io.webserveroperator.OperatorException;
import io.webserveroperator.kind.CrdGenerator;
import io.webserveroperator.kind.KindNames;
import io.webserveroperator.kind.KindSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What {@code create api} writes, planned before anything is written, so that bad input writes
 * nothing: for a new kind, its schema, its CRD, a starter template, its status template, a test
 * suite, a sample, its {@code watches.yaml} entry, its {@code templates/kustomization.yaml} lines
 * and its RBAC rules in deploy/ and deploy-sharded/; for a kind that has a schema already, its CRD
 * alone. A template, test or sample that exists is never overwritten, nor a CRD that {@code create
 * api} did not write.
 */
public final class ApiScaffold {

  /** The first words of every CRD file {@code create api} writes (see {@link CrdGenerator}). */
  static final String GENERATED = "# Generated from ";

  /**
   * The plan.
   *
   * @param files what to write, in order
   * @param notes what is left as it is and why, one sentence each
   */
  public record Plan(List<PlannedFile> files, List<String> notes) {

    public Plan {
      files = List.copyOf(files);
      notes = List.copyOf(notes);
    }
  }

  private final Project project;
  private final KindSchema schema;
  private final List<PlannedFile> files = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  private ApiScaffold(Project project, KindSchema schema) {
    this.project = project;
    this.schema = schema;
  }

  /** The schema file of a kind in a project: {@code templates/<kind>/schema.yaml}. */
  public static Path schemaFile(Project project, KindNames names) {
    return project.templates().resolve(names.folder()).resolve(StarterFiles.SCHEMA);
  }

  /** The schema the project starts a kind with when no {@code --schema} is given. */
  public static String starterSchema(KindNames names) {
    return StarterFiles.schema(names, StarterFiles.starterBody(), "crds/" + names.crdFile());
  }

  /** A schema file from the user's own {@code body}, with the names it leaves out added. */
  public static String schemaText(KindNames names, String body) {
    return StarterFiles.schema(names, body, "crds/" + names.crdFile());
  }

  /**
   * The kind's CRD, generated again from its schema; nothing else.
   *
   * @throws OperatorException when the CRD file exists and {@code create api} did not write it
   */
  public static Plan regenerate(Project project, KindSchema schema) {
    ApiScaffold scaffold = new ApiScaffold(project, schema);
    scaffold.crd();
    return new Plan(scaffold.files, scaffold.notes);
  }

  /**
   * Everything a new kind needs.
   *
   * @param schemaText the schema file's text, from which {@code schema} was read
   * @param starter whether it is the starter schema (the status template then fills its field)
   * @throws OperatorException when the CRD file exists and {@code create api} did not write it, a
   *     file cannot be read, or no valid sample spec can be made (an {@code example} is missing)
   */
  public static Plan newKind(
      Project project, KindSchema schema, String schemaText, boolean starter) {
    ApiScaffold scaffold = new ApiScaffold(project, schema);
    scaffold.create(schemaText, starter);
    return new Plan(scaffold.files, scaffold.notes);
  }

  private void create(String schemaText, boolean starter) {
    KindNames names = schema.names();
    Map<String, Object> spec = SampleSpec.of(schema);
    Path folder = project.templates().resolve(names.folder());
    files.add(new PlannedFile(folder.resolve(StarterFiles.SCHEMA), schemaText, true));
    crd();
    boolean ownTemplates = hasTemplates(folder);
    if (ownTemplates) {
      notes.add(
          "kept the templates in "
              + project.name(folder)
              + "; no starter template or test is written beside them");
    } else {
      files.add(
          new PlannedFile(
              folder.resolve(StarterFiles.TEMPLATE), StarterFiles.template(schema), true));
    }
    Path status = folder.resolve(StarterFiles.STATUS);
    if (Files.exists(status)) {
      notes.add("kept " + project.name(status));
    } else {
      files.add(new PlannedFile(status, StarterFiles.statusTemplate(schema, starter), true));
    }
    Path test = folder.resolve("tests").resolve(names.folder() + "_test.yaml");
    if (Files.exists(test)) {
      notes.add("kept " + project.name(test));
    } else if (!ownTemplates) {
      files.add(new PlannedFile(test, StarterFiles.test(schema, spec), true));
    }
    String sampleName =
        names.group().substring(0, names.group().indexOf('.'))
            + "_"
            + names.version()
            + "_"
            + names.singular()
            + ".yaml";
    Path sample = project.samples().resolve(sampleName);
    if (Files.exists(sample)) {
      notes.add("kept " + project.name(sample));
    } else {
      files.add(
          new PlannedFile(
              sample, StarterFiles.sample(schema, spec, "samples/" + sampleName), true));
    }
    Path watches = project.templates().resolve("watches.yaml");
    edit(
        watches,
        "# What the engine handles: one entry per kind. See docs/templates.md.\n",
        text -> ProjectEdits.watches(text, names, true),
        "it has an entry for " + names.kind() + " already");
    List<String> configMapFiles = configMapFiles(folder, names);
    edit(
        project.templates().resolve("kustomization.yaml"),
        null,
        text -> ProjectEdits.kustomization(text, configMapFiles),
        "it lists the kind's files already");
    List<String[]> children =
        ownTemplates ? List.of() : List.<String[]>of(new String[] {"", "configmaps"});
    edit(
        project.deploy().resolve("clusterrole.yaml"),
        null,
        text -> ProjectEdits.clusterRole(text, names, children),
        "it grants what " + names.kind() + " needs already");
    edit(
        project.deploySharded().resolve("shard-clusterrole.yaml"),
        null,
        text -> ProjectEdits.shardRole(text, names),
        "it grants the shard label's patch already");
  }

  private void crd() {
    KindNames names = schema.names();
    Path crd = project.crds().resolve(names.crdFile());
    if (Files.exists(crd) && !read(crd).startsWith(GENERATED)) {
      throw new OperatorException(
          project.name(crd)
              + " exists and create api did not write it (it does not start with '"
              + GENERATED.strip()
              + "'): a hand-written CRD is never replaced. Move it away to generate one from the"
              + " schema.");
    }
    files.add(
        new PlannedFile(
            crd,
            CrdGenerator.yaml(schema, project.name(schemaFile(project, names))),
            !Files.exists(crd)));
  }

  /**
   * Plans an edit of an existing file, or its creation from {@code header} when it is missing
   * (null: the file is left out, with a note).
   */
  private void edit(
      Path file, String header, Function<String, Optional<String>> change, String unchanged) {
    boolean exists = Files.exists(file);
    if (!exists && header == null) {
      notes.add("no " + project.name(file) + " to add " + schema.names().kind() + " to");
      return;
    }
    Optional<String> changed;
    try {
      changed = change.apply(exists ? read(file) : header);
    } catch (IllegalStateException e) {
      throw new OperatorException(
          "Cannot add "
              + schema.names().kind()
              + " to "
              + project.name(file)
              + ": "
              + e.getMessage(),
          e);
    }
    if (changed.isPresent()) {
      files.add(new PlannedFile(file, changed.get(), !exists));
    } else {
      notes.add("left " + project.name(file) + " as it is: " + unchanged);
    }
  }

  /** The files of the kind that the templates ConfigMap holds: all but schema.yaml and tests. */
  private List<String> configMapFiles(Path folder, KindNames names) {
    List<String> result = new ArrayList<>();
    for (PlannedFile file : files) {
      if (file.path().startsWith(folder)) {
        add(result, folder, file.path(), names);
      }
    }
    if (Files.isDirectory(folder)) {
      try (Stream<Path> walk = Files.walk(folder)) {
        walk.filter(Files::isRegularFile).forEach(f -> add(result, folder, f, names));
      } catch (IOException e) {
        throw new OperatorException("Cannot list " + project.name(folder) + ": " + e, e);
      }
    }
    return result;
  }

  private static void add(List<String> result, Path folder, Path file, KindNames names) {
    String relative = folder.relativize(file).toString().replace('\\', '/');
    String entry = names.folder() + "/" + relative;
    if (!relative.equals(StarterFiles.SCHEMA)
        && !relative.startsWith("tests/")
        && !result.contains(entry)) {
      result.add(entry);
    }
  }

  private static boolean hasTemplates(Path folder) {
    if (!Files.isDirectory(folder)) {
      return false;
    }
    try (Stream<Path> list = Files.list(folder)) {
      return list.map(p -> p.getFileName().toString())
          .anyMatch(n -> n.endsWith(".yaml.j2") && !n.startsWith("_"));
    } catch (IOException e) {
      throw new OperatorException("Cannot list " + folder + ": " + e, e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new OperatorException("Cannot read " + file + ": " + e, e);
    }
  }
}
