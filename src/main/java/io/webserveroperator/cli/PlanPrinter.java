package io.webserveroperator.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.webserveroperator.OperatorException;
import io.webserveroperator.diff.DiffOptions;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.UnifiedDiff;

/**
 * Prints a {@link Plan} from {@code DryRunDiff} in one of the {@link DiffFormat}s, as one string,
 * so that the command prints all or nothing.
 */
final class PlanPrinter {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private PlanPrinter() {}

  /**
   * The plan in that format; for {@code unified}, empty when nothing changes.
   *
   * @param colour whether the unified diff is coloured (a terminal)
   */
  static String print(Plan plan, DiffFormat format, boolean colour) {
    return switch (format) {
      case UNIFIED -> unified(plan, colour);
      case JSON_PATCH -> json(jsonPatch(plan));
      case JSON -> json(plan.toJson());
    };
  }

  private static String unified(Plan plan, boolean colour) {
    UnifiedDiff printer = new UnifiedDiff(DiffOptions.defaults().withColour(colour));
    StringBuilder out = new StringBuilder();
    for (PlanEntry entry : plan.changes()) {
      out.append(printer.render(entry.ref(), entry.action(), entry.live(), entry.desired()));
    }
    return out.toString();
  }

  private static ArrayNode jsonPatch(Plan plan) {
    ArrayNode list = JSON.createArrayNode();
    for (PlanEntry entry : plan.changes()) {
      ObjectNode item = list.addObject();
      ObjectNode object = item.putObject("object");
      object.put("apiVersion", entry.ref().apiVersion());
      object.put("kind", entry.ref().kind());
      if (entry.ref().namespace() != null) {
        object.put("namespace", entry.ref().namespace());
      }
      object.put("name", entry.ref().name());
      item.put("action", entry.action().name());
      item.set("patch", entry.patch());
    }
    return list;
  }

  private static String json(Object document) {
    try {
      return JSON.writeValueAsString(document) + "\n";
    } catch (JsonProcessingException e) {
      throw new OperatorException("Cannot write the plan as JSON: " + e.getOriginalMessage(), e);
    }
  }
}
