package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.lib.filter.Filter;
import io.webserveroperator.template.output.Fragment;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gives filters the text of a {@link Fragment}: a set block or a macro's output is a string to
 * Jinja2, so {@code conf | upper} upper-cases its text, where jinjava's filters would pass an
 * object they do not know through unchanged. Only the filters that keep template text as template
 * text ({@code indent}, {@code trim}, {@code safe}, and those that decide about missing values) see
 * the fragment itself.
 */
public final class FragmentInput {

  private static final Set<String> KEEP_FRAGMENTS =
      Set.of("indent", "nindent", "trim", "safe", "default", "d", "required");

  private FragmentInput() {}

  /** Wraps every filter of the context but those that keep fragments. */
  public static void install(Context context) {
    for (Filter filter : List.copyOf(context.getAllFilters())) {
      if (!KEEP_FRAGMENTS.contains(filter.getName())) {
        context.registerFilter(new AsText(filter));
      }
    }
  }

  private static final class AsText extends FilterLayer {

    AsText(Filter inner) {
      super(inner);
    }

    @Override
    Object before(Object var, Object[] args, Map<String, Object> kwargs) {
      return var instanceof Fragment fragment ? fragment.toString() : var;
    }
  }
}
