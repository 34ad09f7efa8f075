package io.webserveroperator.template.lib.filter;

import com.hubspot.jinjava.lib.filter.Filter;
import io.webserveroperator.template.output.Fragment;
import io.webserveroperator.template.output.PrintedValues;
import io.webserveroperator.template.python.Undefined;
import java.util.Arrays;
import java.util.Map;

/**
 * The layers the engine puts around every filter's body, in this order from the inside out; a call
 * passes them from the last to the first. Each reads what it needs from the filter's {@link
 * FilterSpec}.
 */
public enum FilterStage {

  /**
   * Jinja2's {@code StrictUndefined}: a filter fails on a missing value with its name ({@code
   * spec.portz | length} is an error, not 0), unless it decides about missing values itself.
   */
  STRICT_UNDEFINED {
    @Override
    Filter wrap(Filter inner, FilterSpec spec) {
      return spec.seesUndefined() ? inner : new Strict(inner);
    }
  },

  /**
   * A set block or a macro's output is a string to Jinja2, so {@code conf | upper} upper-cases its
   * text, where jinjava's filters would pass an object they do not know through unchanged; only
   * filters that keep template text as template text see the fragment itself.
   */
  FRAGMENTS_AS_TEXT {
    @Override
    Filter wrap(Filter inner, FilterSpec spec) {
      return spec.seesFragments() ? inner : new AsText(inner);
    }
  },

  /** Jinja2's TypeError for a call that does not fit the filter's signature. */
  SIGNATURE {
    @Override
    Filter wrap(Filter inner, FilterSpec spec) {
      return spec.signature().anyArguments() ? inner : new Checked(inner, spec.signature());
    }
  },

  /**
   * What a filter builds is bounded: a call that would build too much is refused first, and the
   * text every filter returns counts toward the render's {@code OutputBudget}.
   */
  SIZE_LIMIT {
    @Override
    Filter wrap(Filter inner, FilterSpec spec) {
      return new Limited(inner, spec.sizeLimit());
    }
  };

  abstract Filter wrap(Filter inner, FilterSpec spec);

  /** {@code body} inside every stage, in order. */
  static Filter wrapAll(Filter body, FilterSpec spec) {
    Filter filter = body;
    for (FilterStage stage : values()) {
      filter = stage.wrap(filter, spec);
    }
    return filter;
  }

  private static final class Strict extends FilterLayer {

    Strict(Filter inner) {
      super(inner);
    }

    @Override
    Object before(Object var, Object[] args, Map<String, Object> kwargs) {
      if (var instanceof Undefined undefined) {
        throw undefined.failure();
      }
      return var;
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

  private static final class Checked extends FilterLayer {

    private final Signature signature;

    Checked(Filter inner, Signature signature) {
      super(inner);
      this.signature = signature;
    }

    @Override
    Object before(Object var, Object[] args, Map<String, Object> kwargs) {
      signature.check(getName(), args.length, kwargs);
      return var;
    }
  }

  private static final class Limited extends FilterLayer {

    private final SizeLimit limit;

    Limited(Filter inner, SizeLimit limit) {
      super(inner);
      this.limit = limit;
    }

    @Override
    Object before(Object var, Object[] args, Map<String, Object> kwargs) {
      // Most filters have no limit of their own; they skip building the argument array.
      if (limit != SizeLimit.NONE) {
        // As jinjava hands them to most filters: keyword arguments after the positional ones.
        Object[] all = Arrays.copyOf(args, args.length + kwargs.size(), Object[].class);
        System.arraycopy(kwargs.values().toArray(), 0, all, args.length, kwargs.size());
        limit.refuseTooLarge(getName(), var, all);
      }
      return var;
    }

    @Override
    Object after(Object result) {
      if (result instanceof CharSequence text) {
        PrintedValues.require().budget().build(text.length());
      }
      return result;
    }
  }
}
