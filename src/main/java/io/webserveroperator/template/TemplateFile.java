package io.webserveroperator.template;

import com.hubspot.jinjava.tree.Node;
import java.util.Objects;

/**
 * One parsed template.
 *
 * @param name the file, relative to the templates root (as messages name it)
 * @param root the parsed tree, shared by every render
 */
record TemplateFile(String name, Node root) {

  TemplateFile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(root, "root");
  }
}
