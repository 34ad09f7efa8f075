package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.cli.exit.Failure;
import io.webserveroperator.testing.Project;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** docs/cli.md names every command, every option and every exit code the command line has. */
class CliReferenceTest {

  private static final List<String> STANDARD = List.of("--help", "--version", "--verbose");

  @Test
  void namesEveryCommandAndOption() throws Exception {
    String page = Files.readString(Project.file("docs/cli.md"));
    List<String> missing = new ArrayList<>();
    for (CommandLine command : commands(Main.commandLine())) {
      String name = command.getCommandSpec().qualifiedName(" ").replaceFirst("^\\S+ ?", "");
      if (name.isEmpty() || !command.getSubcommands().isEmpty()) {
        continue;
      }
      if (!page.contains("`" + name) || !page.contains("\n" + name + " ")) {
        missing.add("command " + name);
      }
      for (OptionSpec option : command.getCommandSpec().options()) {
        if (!STANDARD.contains(option.longestName()) && !page.contains(option.longestName())) {
          missing.add(name + " " + option.longestName());
        }
      }
    }
    assertThat(missing).as("missing from docs/cli.md").isEmpty();
  }

  @Test
  void listsEveryExitCode() throws Exception {
    String page = Files.readString(Project.file("docs/cli.md"));

    for (Failure failure : Failure.values()) {
      assertThat(page).contains("\n| " + failure.code() + " | ");
    }
  }

  private static List<CommandLine> commands(CommandLine root) {
    List<CommandLine> all = new ArrayList<>(List.of(root));
    root.getSubcommands().values().forEach(sub -> all.addAll(commands(sub)));
    return all;
  }
}
