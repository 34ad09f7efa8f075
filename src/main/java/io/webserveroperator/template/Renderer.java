package io.webserveroperator.template;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import io.webserveroperator.manifest.GeneratedField;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ObjectPolicy;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.OrderCheck;
import io.webserveroperator.manifest.Ownership;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.template.engine.EngineFactory;
import io.webserveroperator.template.engine.RenderErrors;
import io.webserveroperator.template.lib.ClusterFunctions;
import io.webserveroperator.template.lib.RenderInterpreter;
import io.webserveroperator.template.output.OutputParser;
import io.webserveroperator.template.output.PrintedValues;
import io.webserveroperator.template.output.ResourceStrings;
import io.webserveroperator.template.output.SourceLines;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.Undefined;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Renders one resource with one template set: each file to text, the text to objects, each object
 * validated and stamped with ownership. Every template reads {@code children} ({@link
 * ChildrenView}) and may call {@code lookup} ({@link LookupGate}), both answered by the render's
 * {@link ClusterReads}. Stateless and thread-safe.
 */
final class Renderer {

  private Renderer() {}

  static Rendered render(
      TemplateSet set, TemplateInput resource, ObjectPolicy policy, ClusterReads reads) {
    return exhaustible(
        resource.values(), () -> renderObjects(set, resource.values(), policy, reads));
  }

  static Map<String, Object> renderStatus(
      TemplateSet set,
      TemplateInput resource,
      Map<String, Map<String, Map<String, Object>>> children,
      ObjectPolicy policy,
      ClusterReads reads) {
    return exhaustible(
        resource.values(),
        () -> renderStatusFields(set, resource.values(), children, policy, reads));
  }

  /** The documents one file renders for a resource, before validation; for tests and tools. */
  static List<Object> documents(TemplateSet set, TemplateFile file, Map<String, Object> resource) {
    return exhaustible(
        resource,
        () -> {
          Map<String, Object> plain = ContextValues.copyMap(resource);
          return renderDocuments(set.jinjava(), file, variables(plain), describe(plain));
        });
  }

  /**
   * Runs a render so that running out of stack or memory, even outside any one template (copying a
   * deeply nested resource), fails the resource and never the thread.
   */
  static <T> T exhaustible(Map<String, Object> resource, Supplier<T> render) {
    try {
      return render.get();
    } catch (StackOverflowError | OutOfMemoryError e) {
      throw new RenderException(describe(resource), null, 0, RenderErrors.describe(e));
    }
  }

  private static Rendered renderObjects(
      TemplateSet set, Map<String, Object> plain, ObjectPolicy policy, ClusterReads reads) {
    Scope scope = Scope.of(set, plain, policy, reads, reads::children);
    String owner = scope.owner();
    List<RenderedObject> objects =
        scope.run(
            () -> {
              List<RenderedObject> rendered = new ArrayList<>();
              Map<ObjectRef.Identity, String> seen = new HashMap<>();
              for (TemplateFile file : set.files()) {
                for (Object document :
                    renderDocuments(scope.interpreter(), file, owner, scope.strings(), false)) {
                  RenderedObject object =
                      check(document, file, plain, scope.namespace(), policy, owner);
                  String earlier = seen.putIfAbsent(object.ref().identity(), file.name());
                  if (earlier != null) {
                    throw new RenderException(
                        owner,
                        file.name(),
                        0,
                        object.ref()
                            + " is rendered twice, also by "
                            + earlier
                            + "; each object needs one"
                            + " template");
                  }
                  rendered.add(object);
                }
              }
              return rendered;
            });
    if (objects.isEmpty() && !set.watch().allowEmpty()) {
      // Applying nothing would prune every object the resource owns: never do that by accident.
      throw new RenderException(
          owner,
          set.watch().templates(),
          0,
          "the templates rendered no objects, so everything this resource owns would be pruned;"
              + " nothing was applied or pruned. If no objects is what you mean, set"
              + " 'allowEmpty: true' on this kind in watches.yaml.");
    }
    Optional<OrderCheck.Problem> order = OrderCheck.problem(objects);
    if (order.isPresent()) {
      RenderedObject at = order.get().object();
      TemplateFile file =
          set.files().stream()
              .filter(f -> f.name().equals(at.template()))
              .findFirst()
              .orElseThrow();
      throw new RenderException(
          owner, file.name(), lineOf(file, order.get().annotation()), order.get().message());
    }
    return new Rendered(objects, new SecretValues(scope.strings().secretValues()));
  }

  private static Map<String, Object> renderStatusFields(
      TemplateSet set,
      Map<String, Object> plain,
      Map<String, Map<String, Map<String, Object>>> children,
      ObjectPolicy policy,
      ClusterReads reads) {
    Optional<TemplateFile> status = set.status();
    if (status.isEmpty()) {
      return Map.of();
    }
    Scope scope = Scope.of(set, plain, policy, reads, () -> children);
    List<Object> documents =
        scope.run(
            () ->
                renderDocuments(
                    scope.interpreter(), status.get(), scope.owner(), scope.strings(), false));
    if (documents.isEmpty()) {
      return Map.of();
    }
    if (documents.size() > 1 || !(documents.get(0) instanceof Map)) {
      throw new RenderException(
          scope.owner(),
          status.get().name(),
          0,
          "a status template must render one YAML map of fields");
    }
    return UntypedMaps.asMap(documents.get(0), "the status template's output");
  }

  /**
   * What the templates of one render work with: the resource as errors name it, its namespace, the
   * strings it reads from the cluster, the interpreter with {@code children} in scope, and the gate
   * its lookups go through.
   */
  private record Scope(
      String owner,
      String namespace,
      ResourceStrings strings,
      JinjavaInterpreter interpreter,
      LookupGate lookups) {

    static Scope of(
        TemplateSet set,
        Map<String, Object> plain,
        ObjectPolicy policy,
        ClusterReads reads,
        Supplier<Map<String, Map<String, Map<String, Object>>>> children) {
      String namespace = Objects.toString(UntypedMaps.get(plain, "metadata", "namespace"), null);
      ResourceStrings strings = ResourceStrings.of(plain);
      Map<String, Object> variables = variables(plain);
      variables.put("children", new ChildrenView(children, strings));
      return new Scope(
          describe(plain),
          namespace,
          strings,
          Renderer.interpreter(set.jinjava(), variables),
          new LookupGate(set.watch(), policy, namespace, reads, strings));
    }

    /** Runs {@code render} with this scope's lookups. */
    <T> T run(Supplier<T> render) {
      return ClusterFunctions.with(lookups, render);
    }
  }

  private static Map<String, Object> variables(Map<String, Object> resource) {
    Map<String, Object> variables = new LinkedHashMap<>();
    variables.put("spec", resource.get("spec") == null ? Map.of() : resource.get("spec"));
    variables.put("metadata", UntypedMaps.getMapOrEmpty(resource, "metadata"));
    variables.put("resource", resource);
    return variables;
  }

  private static List<Object> renderDocuments(
      Jinjava jinjava, TemplateFile file, Map<String, Object> variables, String owner) {
    return renderDocuments(
        interpreter(jinjava, variables), file, owner, ResourceStrings.of(variables), false);
  }

  /** One interpreter per render: building one costs more than rendering a small template. */
  static JinjavaInterpreter interpreter(Jinjava jinjava, Map<String, Object> variables) {
    Context context = new RenderContext(jinjava.getGlobalContext(), variables);
    context.setExpressionStrategy(EngineFactory.STRATEGY);
    context.setDynamicVariableResolver(Renderer::undefinedVariable);
    return new RenderInterpreter(
        jinjava, context, jinjava.getGlobalConfig(), EngineFactory.MAX_RENDER_TIME);
  }

  /**
   * What a name that no scope holds resolves to: Undefined, as in Jinja2; a variable set to none
   * stays none.
   */
  private static Object undefinedVariable(String name) {
    if (NONE.contains(name)) {
      return null; // Jinja2's literal, which jinjava reads as a name in some places
    }
    JinjavaInterpreter current = JinjavaInterpreter.getCurrent();
    if (current == null) {
      return Undefined.variable(name);
    }
    MacroFunction macro = current.getContext().getGlobalMacro(name);
    if (macro != null) {
      return macro; // a macro named as a value ({{ m ~ '' }}, caller), not called
    }
    return current.getContext().containsKey(name) ? null : Undefined.variable(name);
  }

  private static final Set<String> NONE = Set.of("none", "None");

  /**
   * Renders a file and parses its YAML. A YAML error found in the plain render is found again in a
   * render of the marked tree, which knows the template line (renders are deterministic).
   */
  private static List<Object> renderDocuments(
      JinjavaInterpreter interpreter,
      TemplateFile file,
      String owner,
      ResourceStrings strings,
      boolean marked) {
    PrintedValues slots = new PrintedValues(strings);
    int known = interpreter.getErrors().size();
    String text;
    try {
      text =
          slots.use(
              () -> {
                JinjavaInterpreter.pushCurrent(interpreter);
                // A scope per file, so that one file's {% set %} cannot leak into the next.
                try (var scope = interpreter.enterScope()) {
                  return interpreter.render(marked ? file.marked() : file.root());
                } finally {
                  JinjavaInterpreter.popCurrent();
                }
              });
    } catch (RuntimeException e) {
      throw new RenderException(
          owner, file.name(), RenderErrors.line(e, interpreter), RenderErrors.describe(e), e);
    } catch (RenderInterpreter.Expired e) {
      throw new RenderException(owner, file.name(), interpreter.getLineNumber(), e.getMessage());
    } catch (StackOverflowError | OutOfMemoryError e) {
      // Neither may end the thread: this resource fails, every other one renders on.
      throw new RenderException(
          owner, file.name(), interpreter.getLineNumber(), RenderErrors.describe(e));
    }
    if (interpreter instanceof RenderInterpreter timed && timed.expired()) {
      throw new RenderException(
          owner, file.name(), interpreter.getLineNumber(), timed.expiredMessage());
    }
    List<TemplateError> errors = interpreter.getErrors();
    for (TemplateError error : errors.subList(known, errors.size())) {
      if (RenderErrors.isFailure(error)) {
        throw new RenderException(
            owner,
            error.getSourceTemplate().map(s -> folderOf(file) + s).orElse(file.name()),
            error.getLineno(),
            RenderErrors.describe(error));
      }
    }
    try {
      SourceLines output = SourceLines.strip(text);
      slots.budget().output(output.text().length());
      return OutputParser.parse(output, slots);
    } catch (TemplateFailure e) {
      if (e.line() == 0 && !marked) {
        renderDocuments(interpreter, file, owner, strings, true);
      }
      throw new RenderException(owner, file.name(), e.line(), e.getMessage());
    }
  }

  private static RenderedObject check(
      Object document,
      TemplateFile file,
      Map<String, Object> owner,
      String namespace,
      ObjectPolicy policy,
      String ownerName) {
    if (!(document instanceof Map)) {
      throw new RenderException(
          ownerName, file.name(), 0, "a rendered document is not a YAML map but " + document);
    }
    Map<String, Object> body = UntypedMaps.asMap(document, "a rendered document");
    // First: nothing below may read a generated secret's mark as text.
    List<GeneratedField> generated = GeneratedSecrets.settle(body, ownerName, file.name());
    Optional<String> problem = policy.problem(body, namespace);
    if (problem.isPresent()) {
      throw new RenderException(ownerName, file.name(), 0, problem.get());
    }
    Optional<Lifecycle.Problem> lifecycle = Lifecycle.problem(body);
    if (lifecycle.isPresent()) {
      throw new RenderException(
          ownerName,
          file.name(),
          lineOf(file, lifecycle.get().annotation()),
          ObjectRef.of(body) + ": " + lifecycle.get().message());
    }
    ObjectRef bare = ObjectRef.of(body);
    boolean namespaced = !policy.isClusterScoped(bare);
    Ownership.stamp(body, owner, namespaced);
    return new RenderedObject(ObjectRef.of(body), body, file.name(), generated);
  }

  /** Where the annotation stands in the template; its prefix when the template computes the key. */
  private static int lineOf(TemplateFile file, String annotation) {
    int line = SourceLines.lineOf(file.root(), annotation);
    return line > 0 ? line : SourceLines.lineOf(file.root(), Lifecycle.PREFIX);
  }

  private static String folderOf(TemplateFile file) {
    int slash = file.name().lastIndexOf('/');
    return slash < 0 ? "" : file.name().substring(0, slash + 1);
  }

  /** {@code Kind namespace/name} of the resource being rendered. */
  static String describe(Map<String, Object> resource) {
    Map<String, Object> meta = UntypedMaps.getMapOrEmpty(resource, "metadata");
    String kind = String.valueOf(resource.get("kind"));
    return ObjectRef.describe(
        kind, Objects.toString(meta.get("namespace"), null), String.valueOf(meta.get("name")));
  }
}
