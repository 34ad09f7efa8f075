package io.webserveroperator.template;

import com.hubspot.jinjava.el.JinjavaInterpreterResolver;
import com.hubspot.jinjava.lib.filter.Filter;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.objects.collections.PyList;
import com.hubspot.jinjava.objects.collections.PyMap;
import java.beans.FeatureDescriptor;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jinjava.javax.el.ELContext;
import jinjava.javax.el.ELResolver;
import jinjava.javax.el.MethodNotFoundException;

/**
 * Keeps templates away from Java: properties resolve only on maps, lists and jinjava's value
 * objects; the only callable methods are Python's read-only dict and list methods, {@code
 * loop.cycle()} ({@link LoopView}) and a group's {@code grouper} and {@code list} ({@link Groups}).
 * Everything else is unknown, which the strict mode turns into an error.
 */
final class SandboxResolver extends ELResolver {

  private static final Set<String> MAP_METHODS = Set.of("items", "keys", "values", "get");
  private static final Set<String> LIST_METHODS = Set.of("index", "count");
  private static final String ENGINE = "com.hubspot.jinjava.";
  private static final String ENGINE_OBJECTS = "com.hubspot.jinjava.objects.";

  private final ELResolver delegate = JinjavaInterpreterResolver.DEFAULT_RESOLVER_READ_ONLY;

  @Override
  public Object getValue(ELContext context, Object base, Object property) {
    if (base != null && !reachable(base)) {
      context.setPropertyResolved(true);
      return null;
    }
    if (unwrap(base) instanceof Groups.Group group
        && ("grouper".equals(property) || "list".equals(property))) {
      context.setPropertyResolved(true);
      return "grouper".equals(property) ? group.grouper() : group.list();
    }
    return delegate.getValue(context, base, property);
  }

  @Override
  public Object invoke(
      ELContext context, Object base, Object method, Class<?>[] types, Object[] params) {
    String name = String.valueOf(method);
    if (unwrap(base) instanceof LoopView loop && name.equals("cycle")) {
      context.setPropertyResolved(true);
      return loop.cycle(params);
    }
    boolean allowed =
        base instanceof Map<?, ?> map
            ? MAP_METHODS.contains(name) || map.get(name) instanceof MacroFunction
            : base instanceof List ? LIST_METHODS.contains(name) : isEngineCallable(base);
    if (!allowed) {
      throw new MethodNotFoundException(
          "templates cannot call '" + name + "()'; use a filter instead");
    }
    return delegate.invoke(context, base, method, types, params);
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

  private static boolean reachable(Object base) {
    return base instanceof Map
        || base instanceof List
        || base.getClass().isArray()
        || isEngineObject(base);
  }

  private static boolean isEngineCallable(Object base) {
    if (base instanceof Filter) {
      return true;
    }
    String type = base == null ? "" : base.getClass().getName();
    return type.startsWith(ENGINE) && !type.startsWith(ENGINE + "interpret.");
  }

  private static boolean isEngineObject(Object base) {
    return base != null && base.getClass().getName().startsWith(ENGINE_OBJECTS);
  }

  /** The list or dict jinjava wrapped for a template (in a PyList or PyMap), or the value. */
  private static Object unwrap(Object base) {
    if (base instanceof PyList list) {
      return list.toList();
    }
    return base instanceof PyMap map ? map.toMap() : base;
  }
}
