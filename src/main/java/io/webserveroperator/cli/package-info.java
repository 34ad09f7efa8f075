/**
 * The command line: one class per sub-command ({@code create api}, {@code render}, {@code diff},
 * {@code test}, {@code lint}, {@code run}, {@code rollout}, {@code dev}), each a thin edge over the
 * packages below it. The options and value converters several commands share are in {@code
 * cli.options}; how a command ends on an error (one sentence, an exit code per kind of failure) is
 * in {@code cli.exit}: commands throw, its handlers print.
 */
package io.webserveroperator.cli;
