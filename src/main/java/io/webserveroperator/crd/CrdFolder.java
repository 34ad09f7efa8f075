package io.webserveroperator.crd;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.manifest.YamlFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CustomResourceDefinitions in the {@code *.yaml} files of a folder ({@code crds/}), as written
 * there: what {@code render}, {@code test}, {@code lint} and {@code diff} read a kind's schema
 * from. Other documents are skipped; a missing folder holds none. Immutable.
 */
public final class CrdFolder {

  private static final YAMLMapper YAML = new YAMLMapper();

  private final Path folder;
  private final List<Crd> crds;

  /**
   * One CRD and its file.
   *
   * @param file the file it was read from
   * @param body the CRD as plain maps
   */
  public record Crd(Path file, Map<String, Object> body) {

    /** {@code spec.group}. */
    public String group() {
      return String.valueOf(UntypedMaps.get(body, "spec", "group"));
    }

    /** {@code spec.names.kind}. */
    public String kind() {
      return String.valueOf(UntypedMaps.get(body, "spec", "names", "kind"));
    }

    /** {@code spec.names.plural}. */
    public String plural() {
      return String.valueOf(UntypedMaps.get(body, "spec", "names", "plural"));
    }

    /** {@code spec.names.shortNames}, empty when it has none. */
    public List<String> shortNames() {
      List<String> names = new ArrayList<>();
      if (UntypedMaps.get(body, "spec", "names", "shortNames") instanceof List<?> list) {
        list.forEach(name -> names.add(String.valueOf(name)));
      }
      return names;
    }

    /** {@code metadata.name}. */
    public String name() {
      return String.valueOf(UntypedMaps.get(body, "metadata", "name"));
    }

    /** The {@code openAPIV3Schema} of one version, if the CRD serves it with one. */
    public Optional<Map<String, Object>> schema(String version) {
      return UntypedMaps.getMaps(body, "spec", "versions").stream()
          .filter(v -> version.equals(v.get("name")))
          .findFirst()
          .map(v -> UntypedMaps.getMap(v, "schema", "openAPIV3Schema"));
    }
  }

  private CrdFolder(Path folder, List<Crd> crds) {
    this.folder = folder;
    this.crds = List.copyOf(crds);
  }

  /** No CRDs at all: resources pass as they are. */
  public static CrdFolder none() {
    return new CrdFolder(Path.of(""), List.of());
  }

  /**
   * Reads every CRD in the folder.
   *
   * @throws OperatorException when a file cannot be read or is not YAML
   */
  public static CrdFolder read(Path folder) {
    List<Crd> crds = new ArrayList<>();
    if (!Files.isDirectory(folder)) {
      return new CrdFolder(folder, crds);
    }
    for (Path file : YamlFiles.in(folder)) {
      try (MappingIterator<Object> documents =
          YAML.readerFor(Object.class).readValues(Files.readString(file))) {
        while (documents.hasNextValue()) {
          if (documents.nextValue() instanceof Map<?, ?> map
              && "CustomResourceDefinition".equals(map.get("kind"))) {
            crds.add(new Crd(file, UntypedMaps.asMap(map, "a CRD in " + file)));
          }
        }
      } catch (IOException e) {
        throw new OperatorException("Cannot read the CRD file " + file + ": " + e.getMessage(), e);
      }
    }
    return new CrdFolder(folder, crds);
  }

  /** The folder read. */
  public Path folder() {
    return folder;
  }

  /** Every CRD, in file order. */
  public List<Crd> all() {
    return crds;
  }

  /** The CRD of {@code kind} in {@code group}, if the folder has one. */
  public Optional<Crd> find(String group, String kind) {
    return crds.stream().filter(c -> c.group().equals(group) && c.kind().equals(kind)).findFirst();
  }
}
