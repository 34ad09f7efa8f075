package io.webserveroperator.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in README.md and docs/ leads somewhere: to a file or folder of the
 * repository, and, with a {@code #fragment}, to a heading (or an explicit anchor) of that Markdown
 * file, by GitHub's rules for heading anchors. External links (with a scheme) are not fetched.
 */
class DocLinksTest {

  @Test
  void everyRelativeLinkAndAnchorResolves() throws IOException {
    Map<Path, Markdown> pages = new HashMap<>();
    for (Path page : pages()) {
      pages.put(page, Markdown.parse(Files.readString(page)));
    }
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path page : pages()) {
      for (Markdown.Link link : pages.get(page).links()) {
        String target = link.target();
        if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
          continue;
        }
        checked++;
        int hash = target.indexOf('#');
        String path =
            URLDecoder.decode(
                hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
        String fragment = hash < 0 ? null : target.substring(hash + 1);
        Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
        String where = Project.root().relativize(page) + ":" + link.line() + " links to " + target;
        if (!file.startsWith(Project.root())) {
          broken.add(where + ": outside the repository, which GitHub cannot show");
        } else if (!Files.exists(file)) {
          broken.add(where + ": there is no " + Project.root().relativize(file));
        } else if (fragment != null) {
          Markdown linked = pages.computeIfAbsent(file, DocLinksTest::parseIfMarkdown);
          if (linked == null) {
            broken.add(where + ": an anchor into a file that is not Markdown");
          } else if (!linked.anchors().contains(fragment)) {
            broken.add(
                where + ": no heading of " + Project.root().relativize(file) + " has that anchor");
          }
        }
      }
    }
    assertThat(checked).as("relative links checked").isGreaterThan(50);
    assertThat(broken).as("broken links").isEmpty();
  }

  /** README.md and every Markdown file under docs/. */
  private static List<Path> pages() throws IOException {
    try (Stream<Path> docs = Files.walk(Project.file("docs"))) {
      List<Path> pages = new ArrayList<>(List.of(Project.file("README.md")));
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
      return pages;
    }
  }

  private static Markdown parseIfMarkdown(Path file) {
    if (!file.toString().endsWith(".md") || !Files.isRegularFile(file)) {
      return null;
    }
    try {
      return Markdown.parse(Files.readString(file));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
