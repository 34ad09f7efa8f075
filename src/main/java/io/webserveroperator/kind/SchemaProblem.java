package io.webserveroperator.kind;

/**
 * One thing wrong in a simple schema file.
 *
 * @param line the 1-based line at fault; 0 when no one line is
 * @param message what is wrong and what to write instead, as a sentence
 */
public record SchemaProblem(int line, String message) {}
