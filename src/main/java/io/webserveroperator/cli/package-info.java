/**
 * The command line: one class per sub-command ({@code render}, {@code diff}, {@code run}, {@code
 * dev}, {@code bench}, {@code lint}), each a thin edge over the packages below it.
 */
package io.webserveroperator.cli;
