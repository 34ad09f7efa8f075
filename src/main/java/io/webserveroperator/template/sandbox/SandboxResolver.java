package io.webserveroperator.template.sandbox;

import com.hubspot.jinjava.el.JinjavaInterpreterResolver;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.filter.Filter;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.objects.collections.PyList;
import com.hubspot.jinjava.objects.collections.PyMap;
import io.webserveroperator.template.lib.JinjaMacroTag;
import io.webserveroperator.template.lib.LoopView;
import io.webserveroperator.template.python.NamedTuple;
import io.webserveroperator.template.python.PythonCollections;
import io.webserveroperator.template.python.PythonPair;
import io.webserveroperator.template.python.PythonStrings;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.Undefined;
import java.beans.FeatureDescriptor;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jinjava.javax.el.ELContext;
import jinjava.javax.el.ELResolver;
import jinjava.javax.el.MethodNotFoundException;
import jinjava.javax.el.PropertyNotFoundException;

/**
 * Keeps templates away from Java: properties resolve only on maps, lists and jinjava's value
 * objects; the only callable methods are Python's dict and list methods ({@link PythonCollections}
 * and jinjava's read-only dict methods), its str methods ({@link PythonStrings}) and {@code
 * loop.cycle()} ({@link LoopView}). Everything else is unknown, which the strict mode turns into an
 * error; a key a mapping does not have is {@link Undefined}, as in Jinja2.
 */
public final class SandboxResolver extends ELResolver {

  private static final Set<String> MAP_METHODS = Set.of("items", "keys", "values", "get");
  private static final String ENGINE = "com.hubspot.jinjava.";
  private static final String ENGINE_OBJECTS = "com.hubspot.jinjava.objects.";

  private final ELResolver delegate = JinjavaInterpreterResolver.DEFAULT_RESOLVER_READ_ONLY;

  @Override
  public Object getValue(ELContext context, Object base, Object property) {
    if (base instanceof Undefined undefined) {
      throw undefined.failure();
    }
    if (unwrap(base) instanceof NamedTuple tuple && !isIndex(property)) {
      context.setPropertyResolved(true);
      return tuple.field(String.valueOf(property));
    }
    if (base instanceof JinjaMacroTag.TextMacro macro) {
      context.setPropertyResolved(true);
      return macro.attribute(property);
    }
    if (base instanceof String text && isIndex(property)) {
      context.setPropertyResolved(true);
      return character(text, Long.parseLong(String.valueOf(property).strip()));
    }
    if (base != null && !reachable(base)) {
      context.setPropertyResolved(true);
      return Undefined.attribute(property, base);
    }
    Object value;
    try {
      value = delegate.getValue(context, base, property);
    } catch (PropertyNotFoundException e) {
      // An attribute jinjava's own objects (such as loop) do not have: undefined, as in Jinja2.
      context.setPropertyResolved(true);
      return Undefined.attribute(property, base);
    }
    if (value != null) {
      return value;
    }
    if (base instanceof Map<?, ?> map && !map.containsKey(property)) {
      return Undefined.missing(property, map);
    }
    if (base instanceof List<?> list && !within(list, property)) {
      return Undefined.because("list object has no element " + property);
    }
    return null;
  }

  @Override
  public Object invoke(
      ELContext context, Object base, Object method, Class<?>[] types, Object[] params) {
    String name = String.valueOf(method);
    if (base instanceof String text && PythonStrings.has(name)) {
      context.setPropertyResolved(true);
      return PythonStrings.call(text, name, params);
    }
    Object target = unwrap(base);
    if (target instanceof LoopView loop && name.equals("cycle")) {
      context.setPropertyResolved(true);
      return loop.cycle(params);
    }
    if (target instanceof List<?> list && PythonCollections.isListMethod(name)) {
      context.setPropertyResolved(true);
      return PythonCollections.callList(mutable(list), name, params);
    }
    if (target instanceof Map<?, ?> map && PythonCollections.isDictMethod(name)) {
      context.setPropertyResolved(true);
      return PythonCollections.callDict(mutable(map), name, params);
    }
    if (base instanceof Map<?, ?> map && "get".equals(name)) {
      context.setPropertyResolved(true);
      return dictGet(map, params == null ? new Object[0] : params);
    }
    if (base instanceof Map<?, ?> map
        && "items".equals(name)
        && (params == null || params.length == 0)) {
      context.setPropertyResolved(true);
      // (key, value) pairs, which sort, compare and unpack as Python's tuples do.
      return map.entrySet().stream()
          .map(entry -> (Object) new PythonPair(entry.getKey(), entry.getValue()))
          .toList();
    }
    boolean allowed =
        base instanceof Map<?, ?> map
            ? MAP_METHODS.contains(name) || map.get(name) instanceof MacroFunction
            : !(base instanceof List) && isEngineCallable(base);
    if (!allowed) {
      throw new MethodNotFoundException(
          "templates cannot call '" + name + "()'; use a filter instead");
    }
    return delegate.invoke(context, base, method, types, params);
  }

  /** Python's {@code dict.get(key, default=None)}, on any mapping. */
  private static Object dictGet(Map<?, ?> map, Object[] params) {
    if (params.length < 1 || params.length > 2) {
      throw new TemplateFailure(
          "get expected 1 or 2 arguments, got " + params.length + " (dict.get(key, default))");
    }
    Object key =
        params[0] instanceof Number || params[0] == null ? params[0] : params[0].toString();
    return map.containsKey(key) ? map.get(key) : params.length == 2 ? params[1] : null;
  }

  @Override
  public Class<?> getType(ELContext context, Object base, Object property) {
    return delegate.getType(context, base, property);
  }

  @Override
  public void setValue(ELContext context, Object base, Object property, Object value) {
    delegate.setValue(context, base, property, value);
  }

  @Override
  public boolean isReadOnly(ELContext context, Object base, Object property) {
    return true;
  }

  @Override
  public Iterator<FeatureDescriptor> getFeatureDescriptors(ELContext context, Object base) {
    return null;
  }

  @Override
  public Class<?> getCommonPropertyType(ELContext context, Object base) {
    return delegate.getCommonPropertyType(context, base);
  }

  private static boolean isIndex(Object property) {
    return String.valueOf(property).strip().matches("-?\\d+");
  }

  /** Python's {@code text[i]}: one character (code point), counting from the end if negative. */
  private static Object character(String text, long index) {
    int[] points = text.codePoints().toArray();
    long at = index < 0 ? points.length + index : index;
    if (at < 0 || at >= points.length) {
      return Undefined.because("string index out of range");
    }
    return Character.toString(points[(int) at]);
  }

  /** Whether an index (jinjava passes it as text) is inside the list, counting from the end too. */
  private static boolean within(List<?> list, Object index) {
    long i;
    try {
      i = Long.parseLong(String.valueOf(index).strip());
    } catch (NumberFormatException notAnIndex) {
      return true; // jinjava resolves (or not) what is no index in its own way
    }
    return i >= -list.size() && i < list.size();
  }

  private static boolean reachable(Object base) {
    return base instanceof Map
        || base instanceof List
        || base.getClass().isArray()
        || isEngineObject(base);
  }

  private static boolean isEngineCallable(Object base) {
    if (base instanceof Filter || base instanceof ExpTest) {
      return true;
    }
    String type = base == null ? "" : base.getClass().getName();
    return type.startsWith(ENGINE) && !type.startsWith(ENGINE + "interpret.");
  }

  private static boolean isEngineObject(Object base) {
    return base != null && base.getClass().getName().startsWith(ENGINE_OBJECTS);
  }

  /** A list as its methods see it; read-only ones refuse any change. */
  @SuppressWarnings("unchecked")
  private static List<Object> mutable(List<?> list) {
    return (List<Object>) list;
  }

  @SuppressWarnings("unchecked")
  private static Map<Object, Object> mutable(Map<?, ?> map) {
    return (Map<Object, Object>) map;
  }

  /** The list or dict jinjava wrapped for a template (in a PyList or PyMap), or the value. */
  private static Object unwrap(Object base) {
    if (base instanceof PyList list) {
      return list.toList();
    }
    return base instanceof PyMap map ? map.toMap() : base;
  }
}
