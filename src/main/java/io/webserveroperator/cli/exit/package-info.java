/**
 * How the command line ends on an error: one or two sentences on stderr saying what is wrong and
 * what to do, and an exit code per kind of failure ({@link io.webserveroperator.cli.exit.Failure}).
 * Commands throw; picocli's handlers, installed by {@link
 * io.webserveroperator.cli.exit.ErrorHandling}, print and choose the code: usage errors ({@code
 * UsageErrorHandler}), a {@link io.webserveroperator.cli.exit.CommandException} naming its kind,
 * the cluster's errors, and bugs, the only ones printed with a stack trace unless {@code --verbose}
 * asks for it ({@code FailureHandler}).
 */
package io.webserveroperator.cli.exit;
