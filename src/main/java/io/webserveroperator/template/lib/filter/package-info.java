/**
 * Jinja2's filters and the engine's own, one {@link
 * io.webserveroperator.template.lib.filter.FilterSpec} per filter: its names, one-line doc, Jinja2
 * signature, size limit, how it treats a missing value and template text, and its body. The specs
 * are declared by family ({@code StringFilters}, {@code NumberFilters}, {@code CollectionFilters},
 * {@code OrderFilters}, {@code SelectionFilters}, {@code MarkupFilters}, {@code StructuredFilters},
 * {@code EncodingFilters}, {@code MissingValueFilters}) and collected by {@link
 * io.webserveroperator.template.lib.filter.FilterCatalog}, which installs each inside the {@link
 * io.webserveroperator.template.lib.filter.FilterStage}s, in their order:
 *
 * <ol>
 *   <li>{@code STRICT_UNDEFINED}: a missing value fails, naming it, unless the filter decides;
 *   <li>{@code FRAGMENTS_AS_TEXT}: template text reaches the filter as a string, unless it keeps
 *       template text;
 *   <li>{@code SIGNATURE}: Jinja2's TypeError for arguments that do not fit;
 *   <li>{@code SIZE_LIMIT}: a result too large is refused before it is built, and returned text is
 *       counted.
 * </ol>
 *
 * A call passes them from the last to the first. Adding a filter is one spec in its family, and a
 * line in docs/templates.md (checked by {@code FilterCatalogTest}).
 */
package io.webserveroperator.template.lib.filter;
