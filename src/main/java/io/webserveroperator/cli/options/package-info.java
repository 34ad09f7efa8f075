/**
 * What several commands of the command line share (the benchmark's commands in bench/ too): the
 * picocli mixins for the templates folder ({@link
 * io.webserveroperator.cli.options.TemplatesOption}), the cluster ({@link
 * io.webserveroperator.cli.options.ClusterOptions}) and the operator's namespace ({@link
 * io.webserveroperator.cli.options.OperatorNamespaceOption}), and the converters of option values:
 * durations as Go writes them ({@link io.webserveroperator.cli.options.DurationConverter}) and
 * rollout steps ({@link io.webserveroperator.cli.options.RolloutStepsConverter}).
 */
package io.webserveroperator.cli.options;
