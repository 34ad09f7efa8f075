package io.webserveroperator.template.output;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.TextNode;
import com.hubspot.jinjava.tree.output.OutputNode;
import com.hubspot.jinjava.tree.output.RenderedOutputNode;
import com.hubspot.jinjava.tree.parse.TextToken;
import java.util.Arrays;
import java.util.LinkedList;
import java.util.Set;

/**
 * Which template line each part of a file's rendered text came from, so that a YAML error names the
 * template line, not a line of output nobody sees. At load, a copy of the tree gets a mark before
 * every node whose output lands straight in the file's text: the top level and the bodies of {@code
 * if} and {@code for}, never a macro, set or call block, whose text is a value. That copy is
 * rendered only after a YAML error, so a render that succeeds pays nothing; the marks are taken out
 * and their places kept.
 *
 * <p>Immutable after {@link #strip}; the marks in a parsed template are shared by every render.
 */
public final class SourceLines {

  /** Starts the mark of a text node: the lines after it are the text's own lines. */
  private static final char TEXT = '\uE002';

  /** Starts the mark of an expression or a tag: everything it prints belongs to its line. */
  private static final char NODE = '\uE003';

  private static final char END = '\uE004';

  /** Tags that render their body into the output as it is. */
  private static final Set<String> DIRECT = Set.of("if", "for");

  private final String text;
  private final int[] offsets;
  private final int[] lines;
  private final boolean[] texts;

  private SourceLines(String text, int[] offsets, int[] lines, boolean[] texts) {
    this.text = text;
    this.offsets = offsets;
    this.lines = lines;
    this.texts = texts;
  }

  /** Puts marks into a parsed template, once, when it is loaded. */
  public static void mark(Node root) {
    mark(root, root.getChildren().isEmpty() ? null : root.getChildren().getLast());
  }

  private static void mark(Node parent, Node last) {
    LinkedList<Node> marked = new LinkedList<>();
    for (Node child : parent.getChildren()) {
      Mark mark = new Mark(child, child == last);
      mark.setParent(parent);
      marked.add(mark);
      marked.add(child);
      if (child instanceof TagNode tag && DIRECT.contains(tag.getName())) {
        mark(tag, null);
      }
    }
    parent.setChildren(marked);
  }

  /**
   * Template text without marks, for text used as a string: the body of a loop called again with
   * {@code loop(children)} has them.
   */
  public static String unmarked(String text) {
    return text.indexOf(TEXT) < 0 && text.indexOf(NODE) < 0 ? text : strip(text).text();
  }

  /** The rendered text without its marks, and where they were. */
  public static SourceLines strip(String rendered) {
    if (rendered.indexOf(TEXT) < 0 && rendered.indexOf(NODE) < 0) {
      return new SourceLines(rendered, new int[0], new int[0], new boolean[0]);
    }
    StringBuilder clean = new StringBuilder(rendered.length());
    int count = 0;
    int[] offsets = new int[16];
    int[] lines = new int[16];
    boolean[] texts = new boolean[16];
    int from = 0;
    for (int at = 0; at < rendered.length(); at++) {
      char c = rendered.charAt(at);
      if (c != TEXT && c != NODE) {
        continue;
      }
      int end = rendered.indexOf(END, at);
      clean.append(rendered, from, at);
      if (count == offsets.length) {
        offsets = Arrays.copyOf(offsets, count * 2);
        lines = Arrays.copyOf(lines, count * 2);
        texts = Arrays.copyOf(texts, count * 2);
      }
      offsets[count] = clean.length();
      lines[count] = Integer.parseInt(rendered, at + 1, end, 10);
      texts[count] = c == TEXT;
      count++;
      at = end;
      from = end + 1;
    }
    clean.append(rendered, from, rendered.length());
    return new SourceLines(
        clean.toString(),
        Arrays.copyOf(offsets, count),
        Arrays.copyOf(lines, count),
        Arrays.copyOf(texts, count));
  }

  /** The rendered text, marks taken out. */
  public String text() {
    return text;
  }

  /** The template line that wrote the character at {@code offset} of {@link #text()}, or 0. */
  int lineAt(int offset) {
    int found = Arrays.binarySearch(offsets, offset);
    int mark;
    if (found >= 0) {
      mark = found;
      while (mark + 1 < offsets.length && offsets[mark + 1] == offset) {
        mark++;
      }
    } else {
      mark = -found - 2;
    }
    if (mark < 0) {
      return 0;
    }
    int line = lines[mark];
    if (texts[mark]) {
      for (int i = offsets[mark]; i < Math.min(offset, text.length()); i++) {
        line += text.charAt(i) == '\n' ? 1 : 0;
      }
    }
    return line;
  }

  /** The template line that wrote the start of output line {@code line} (1-based), or 0. */
  int lineOfOutputLine(int line, int column) {
    int offset = 0;
    for (int i = 1; i < line && offset >= 0; i++) {
      offset = text.indexOf('\n', offset) + 1;
      if (offset == 0) {
        return 0;
      }
    }
    return lineAt(offset + Math.max(0, column - 1));
  }

  /**
   * The line of the template text where {@code needle} first stands, outside any tag or expression
   * (an annotation key, say); 0 when no text holds it.
   */
  public static int lineOf(Node parent, String needle) {
    for (Node node : parent.getChildren()) {
      if (node instanceof TextNode && node.getMaster() instanceof TextToken token) {
        String image = token.getImage();
        int at = image.indexOf(needle);
        if (at >= 0) {
          return token.getLineNumber()
              - Mark.newlines(image, image.length())
              + Mark.newlines(image, at);
        }
      }
      int inside = lineOf(node, needle);
      if (inside > 0) {
        return inside;
      }
    }
    return 0;
  }

  /** A mark in a parsed template: prints where the next node starts. */
  private static final class Mark extends Node {

    private static final long serialVersionUID = 1L;

    private final String mark;

    Mark(Node next, boolean endsTheFile) {
      super(next.getMaster(), next.getLineNumber(), next.getStartPosition());
      boolean text = next instanceof TextNode && next.getMaster() instanceof TextToken;
      int line = text ? firstLine((TextToken) next.getMaster(), endsTheFile) : next.getLineNumber();
      this.mark = (text ? TEXT : NODE) + Integer.toString(line) + END;
    }

    /**
     * The line of a text's first printed character. jinjava numbers a text by the line it ends on
     * (less one for the file's final newline), and whitespace control may drop its first lines.
     */
    private static int firstLine(TextToken token, boolean endsTheFile) {
      String image = token.getImage();
      int line = token.getLineNumber() - newlines(image, image.length());
      if (endsTheFile && image.endsWith("\n")) {
        line++;
      }
      String output = token.output();
      return line + (output.isEmpty() ? 0 : newlines(image, Math.max(0, image.indexOf(output))));
    }

    private static int newlines(String text, int end) {
      int count = 0;
      for (int i = 0; i < end; i++) {
        count += text.charAt(i) == '\n' ? 1 : 0;
      }
      return count;
    }

    @Override
    public OutputNode render(JinjavaInterpreter interpreter) {
      return new RenderedOutputNode(mark);
    }

    @Override
    public String getName() {
      return "mark";
    }
  }
}
