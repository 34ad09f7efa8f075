package io.webserveroperator.template.syntax;

import com.hubspot.jinjava.el.ext.AstMacroFunction;
import com.hubspot.jinjava.el.ext.NamedParameter;
import com.hubspot.jinjava.objects.collections.PyList;
import io.webserveroperator.template.python.PythonIteration;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.de.odysseus.el.tree.impl.ast.AstParameters;
import jinjava.de.odysseus.el.tree.impl.ast.AstRightValue;
import jinjava.javax.el.ELContext;

/**
 * Python's argument unpacking in a call or a list: {@code f(*items)} passes each item, {@code
 * dict(base, **extra)} each entry as a keyword argument. The parser wraps the expression after
 * {@code *} or {@code **} in an {@link Marker}; {@link Arguments} then spreads its value among the
 * other arguments, so every function, method and macro receives plain arguments.
 */
final class Unpacked {

  private Unpacked() {}

  /**
   * A call of a function or macro with unpacked arguments: jinjava evaluates a call's arguments one
   * by one, so this one spreads them first and then fits them to the method's parameters.
   */
  static final class Call extends AstMacroFunction {

    private final Arguments arguments;

    Call(String name, int index, Arguments arguments, boolean varargs) {
      super(name, index, arguments, varargs);
      this.arguments = arguments;
    }

    @Override
    protected Object invoke(Bindings bindings, ELContext context, Object base, Method method)
        throws InvocationTargetException, IllegalAccessException {
      Object[] values = arguments.eval(bindings, context);
      Class<?>[] types = method.getParameterTypes();
      if (!method.isVarArgs()) {
        if (values.length != types.length) {
          throw new TemplateFailure(
              getName() + "() takes " + types.length + " arguments, not " + values.length);
        }
        for (int i = 0; i < values.length; i++) {
          values[i] = bindings.convert(values[i], types[i]);
        }
        return method.invoke(base, values);
      }
      int fixed = types.length - 1;
      if (values.length < fixed) {
        throw new TemplateFailure(
            getName() + "() takes at least " + fixed + " arguments, not " + values.length);
      }
      Object[] call = new Object[types.length];
      for (int i = 0; i < fixed; i++) {
        call[i] = bindings.convert(values[i], types[i]);
      }
      Class<?> component = types[fixed].getComponentType();
      Object rest = Array.newInstance(component, values.length - fixed);
      for (int i = fixed; i < values.length; i++) {
        Array.set(rest, i - fixed, bindings.convert(values[i], component));
      }
      call[fixed] = rest;
      return method.invoke(base, call);
    }
  }

  /** An unpacked argument where only a call of a function, macro or method can unpack it. */
  private static final class NotHere extends AstRightValue {

    @Override
    public Object eval(Bindings bindings, ELContext context) {
      throw new TemplateFailure(
          "* and ** unpack arguments of a call of a function, macro or method only, not of a"
              + " filter or a list");
    }

    @Override
    public void appendStructure(StringBuilder builder, Bindings bindings) {
      builder.append("*...");
    }

    @Override
    public int getCardinality() {
      return 0;
    }

    @Override
    public AstNode getChild(int i) {
      return null;
    }

    @Override
    public String toString() {
      return "*...";
    }
  }

  /** {@code *value} or {@code **value}, as an argument. */
  record Marker(AstNode value, boolean keywords) {}

  /** Call or list arguments that may hold unpacked values. */
  static final class Arguments extends AstParameters {

    private final List<Object> items;

    /**
     * @param items each an {@link AstNode}, or a {@link Marker} around one
     */
    Arguments(List<Object> items) {
      super(items.stream().map(Arguments::node).toList());
      this.items = List.copyOf(items);
    }

    /**
     * What jinjava sees where it evaluates arguments one by one (a filter's, a list literal's): an
     * error, never the unpacked value passed whole.
     */
    private static AstNode node(Object item) {
      return item instanceof Marker ? new NotHere() : (AstNode) item;
    }

    @Override
    public Object[] eval(Bindings bindings, ELContext context) {
      List<Object> values = new ArrayList<>(items.size());
      for (Object item : items) {
        if (!(item instanceof Marker marker)) {
          values.add(((AstNode) item).eval(bindings, context));
        } else if (marker.keywords()) {
          keywords(marker.value().eval(bindings, context), values);
        } else {
          values.addAll(PythonIteration.items(unwrap(marker.value().eval(bindings, context))));
        }
      }
      return values.toArray();
    }

    private static void keywords(Object mapping, List<Object> values) {
      if (!(mapping instanceof Map<?, ?> map)) {
        throw new TemplateFailure(
            "argument after ** must be a mapping, not " + TypeNames.python(mapping));
      }
      map.forEach((key, value) -> values.add(new NamedParameter(String.valueOf(key), value)));
    }

    private static Object unwrap(Object value) {
      return value instanceof PyList list ? list.toList() : value;
    }
  }
}
