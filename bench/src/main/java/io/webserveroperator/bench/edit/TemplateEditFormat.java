package io.webserveroperator.bench.edit;

import static io.webserveroperator.bench.Figures.perItem;
import static io.webserveroperator.bench.Figures.seconds;
import static io.webserveroperator.bench.Figures.toSeconds;

import io.webserveroperator.bench.Table;
import io.webserveroperator.template.watches.RolloutPolicy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The template-edit phase's figures in the printed table and in the JSON tree. */
public final class TemplateEditFormat {

  private TemplateEditFormat() {}

  /** Adds a section for {@code edit} to {@code table}. */
  public static void table(Table table, TemplateEditFigures edit) {
    int n = edit.webServers();
    table.section(
        String.format(
            Locale.ROOT,
            "Template edit changing every Deployment, %d WebServers, %s",
            n,
            edit.policy().map(p -> "rollout " + p.describe()).orElse("no rollout policy")));
    TemplateEditFigures.Preparation before = edit.before();
    table
        .row(
            "before the edit",
            before.what()
                + String.format(
                    Locale.ROOT,
                    ": %s, operator requests %d %s, controller writes %d",
                    seconds(before.elapsed()),
                    before.requests().total(),
                    before.requests(),
                    before.controllerWrites()))
        .row("new revision stored after", seconds(edit.stored()))
        .row("all on the new revision after", seconds(edit.allOnRevision()))
        .row("all Ready on it after", seconds(edit.allReady()))
        .row("rollout recorded complete after", seconds(edit.complete()));
    for (RolloutTimeline.Step step : edit.steps()) {
      table.row(
          "step " + stepName(edit, step),
          String.format(
              Locale.ROOT,
              "%s to %s (%s), at most %d Deployments rolling",
              seconds(step.began()),
              seconds(step.ended()),
              seconds(step.lasted()),
              step.maxRolling()));
    }
    table
        .row("most Deployments rolling at once", Integer.toString(edit.maxRolling()))
        .row("operator requests", edit.requests().total() + " " + edit.requests())
        .row("operator requests per WebServer", perItem(edit.requests(), n))
        .row(
            "of which on stored revisions",
            edit.revisionCreates() + " created, " + edit.revisionChanges() + " changed")
        .row(
            "operator reconciles per WebServer",
            String.format(Locale.ROOT, "%.2f", n == 0 ? 0.0 : (double) edit.reconciles() / n))
        .row("simulated controller writes", Long.toString(edit.controllerWrites()))
        .row("CPU per WebServer", edit.cpu().perItem(n))
        .row("operator requests in the quiet period", edit.steady().total() + " " + edit.steady());
  }

  /** The JSON of {@code edits}: durations in seconds. */
  public static List<Map<String, Object>> json(List<TemplateEditFigures> edits) {
    List<Map<String, Object>> list = new ArrayList<>();
    for (TemplateEditFigures edit : edits) {
      Map<String, Object> tree = new LinkedHashMap<>();
      tree.put("policy", edit.policy().map(RolloutPolicy::describe).orElse(null));
      tree.put("webServers", edit.webServers());
      Map<String, Object> before = new LinkedHashMap<>();
      before.put("what", edit.before().what());
      before.put("seconds", toSeconds(edit.before().elapsed()));
      before.put("operatorRequests", edit.before().requests().byVerb());
      before.put("controllerWrites", edit.before().controllerWrites());
      tree.put("before", before);
      tree.put("storedSeconds", toSeconds(edit.stored()));
      tree.put("allOnRevisionSeconds", toSeconds(edit.allOnRevision()));
      tree.put("allReadySeconds", toSeconds(edit.allReady()));
      tree.put("completeSeconds", toSeconds(edit.complete()));
      List<Map<String, Object>> steps = new ArrayList<>();
      for (RolloutTimeline.Step step : edit.steps()) {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("step", stepName(edit, step));
        figures.put("beganSeconds", toSeconds(step.began()));
        figures.put("endedSeconds", toSeconds(step.ended()));
        figures.put("maxRolling", step.maxRolling());
        steps.add(figures);
      }
      tree.put("steps", steps);
      tree.put("maxRolling", edit.maxRolling());
      tree.put("operatorRequests", edit.requests().byVerb());
      tree.put("operatorWrites", edit.requests().writes());
      tree.put("revisionCreates", edit.revisionCreates());
      tree.put("revisionChanges", edit.revisionChanges());
      tree.put("reconciles", edit.reconciles());
      tree.put("controllerWrites", edit.controllerWrites());
      Map<String, Object> cpu = new LinkedHashMap<>();
      edit.cpu().byPart().forEach((part, time) -> cpu.put(part, toSeconds(time)));
      tree.put("cpuSeconds", cpu);
      tree.put("steadyStateRequests", edit.steady().byVerb());
      list.add(tree);
    }
    return list;
  }

  /** {@code 2 of 4 (10%)}: its number from 1, and what it allows. */
  private static String stepName(TemplateEditFigures edit, RolloutTimeline.Step step) {
    return edit.policy()
        .map(
            policy ->
                (step.index() + 1)
                    + " of "
                    + policy.stepCount()
                    + " ("
                    + policy.steps().get(step.index())
                    + ")")
        .orElse(Integer.toString(step.index() + 1));
  }
}
