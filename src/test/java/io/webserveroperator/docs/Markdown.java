package io.webserveroperator.docs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a link check needs of one Markdown file, read as GitHub renders it: its links (inline,
 * images, reference definitions and HTML {@code href}/{@code src}), outside code blocks and code
 * spans, each with its line; and the anchors its headings get, by GitHub's rules (github-slugger):
 * the heading's text as rendered, lower-cased, every character dropped that is not a letter, a
 * digit, a space, {@code -} or {@code _}, each space made a {@code -}, and a repeated slug given
 * {@code -1}, {@code -2}, ... in order. Explicit {@code id="..."} and {@code name="..."} anchors
 * count too.
 */
record Markdown(List<Link> links, Set<String> anchors) {

  /** A link's target as written, and the line it is on (from 1). */
  record Link(int line, String target) {}

  private static final Pattern FENCE = Pattern.compile("^\\s{0,3}(```+|~~~+)");
  private static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
  // [text](target "title") and ![alt](target); the text may hold one level of brackets.
  private static final Pattern INLINE =
      Pattern.compile(
          "!?\\[(?:[^\\[\\]]|\\[[^\\[\\]]*\\])*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
  private static final Pattern DEFINITION =
      Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s+<?(\\S+?)>?(\\s.*)?$");
  private static final Pattern HTML = Pattern.compile("(?:href|src)=\"([^\"]+)\"");
  private static final Pattern EXPLICIT_ANCHOR = Pattern.compile("(?:id|name)=\"([^\"]+)\"");
  private static final Pattern LINK_TEXT = Pattern.compile("!?\\[([^\\]]*)\\]\\([^)]*\\)");
  private static final Pattern TAG = Pattern.compile("<[^>]+>");

  static Markdown parse(String text) {
    List<Link> links = new ArrayList<>();
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> slugs = new HashMap<>();
    String fence = null;
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      Matcher fenceStart = FENCE.matcher(line);
      if (fenceStart.find()) {
        String marker = fenceStart.group(1);
        if (fence == null) {
          fence = marker.substring(0, 3);
        } else if (marker.startsWith(fence)) {
          fence = null;
        }
        continue;
      }
      if (fence != null) {
        continue;
      }
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String slug = slug(rendered(heading.group(2)));
        int seen = slugs.merge(slug, 1, Integer::sum) - 1;
        anchors.add(seen == 0 ? slug : slug + "-" + seen);
      }
      String prose = CODE_SPAN.matcher(line).replaceAll("");
      for (Pattern pattern : List.of(INLINE, HTML)) {
        Matcher link = pattern.matcher(prose);
        while (link.find()) {
          links.add(new Link(i + 1, link.group(1)));
        }
      }
      Matcher definition = DEFINITION.matcher(prose);
      if (definition.matches()) {
        links.add(new Link(i + 1, definition.group(1)));
      }
      Matcher explicit = EXPLICIT_ANCHOR.matcher(prose);
      while (explicit.find()) {
        anchors.add(explicit.group(1));
      }
    }
    return new Markdown(links, anchors);
  }

  /**
   * A heading's text as GitHub renders it: code spans, links and emphasis reduced to their text.
   */
  static String rendered(String heading) {
    String text = CODE_SPAN.matcher(heading).replaceAll("$2");
    text = LINK_TEXT.matcher(text).replaceAll("$1");
    text = TAG.matcher(text).replaceAll("");
    // Emphasis marks: '*' the slug drops anyway, '_' it keeps, so only '_' at a word's edge goes.
    return text.replaceAll("(?<![\\p{L}\\p{N}])_+|_+(?![\\p{L}\\p{N}])", "");
  }

  /** github-slugger's slug of a heading's rendered text. */
  static String slug(String text) {
    StringBuilder slug = new StringBuilder();
    text.toLowerCase(java.util.Locale.ROOT)
        .codePoints()
        .forEach(
            c -> {
              int type = Character.getType(c);
              if (c == ' ') {
                slug.append('-');
              } else if (c == '-'
                  || c == '_'
                  || Character.isLetterOrDigit(c)
                  || type == Character.NON_SPACING_MARK
                  || type == Character.COMBINING_SPACING_MARK) {
                slug.appendCodePoint(c);
              }
            });
    return slug.toString();
  }
}
