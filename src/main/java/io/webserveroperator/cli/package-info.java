/**
 * The command line: one class per sub-command ({@code create api}, {@code render}, {@code diff},
 * {@code test}, {@code lint}, {@code run}, {@code rollout}, {@code dev}, {@code bench}), each a
 * thin edge over the packages below it. The options and value converters several commands share are
 * in {@code cli.options}.
 */
package io.webserveroperator.cli;
