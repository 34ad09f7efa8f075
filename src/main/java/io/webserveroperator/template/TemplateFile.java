package io.webserveroperator.template;

import com.hubspot.jinjava.tree.Node;
import io.webserveroperator.template.output.SourceLines;
import java.util.Objects;

/**
 * One parsed template.
 *
 * @param name the file, relative to the templates root (as messages name it)
 * @param root the parsed tree, shared by every render
 * @param marked the same tree with {@link SourceLines} marks, rendered only to find the template
 *     line of a YAML error, so that a render that succeeds pays nothing for them
 */
record TemplateFile(String name, Node root, Node marked) {

  TemplateFile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(marked, "marked");
  }
}
