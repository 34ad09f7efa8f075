package io.webserveroperator.template.lib.filter;

/**
 * Refuses a filter call whose result would be too large, before the filter builds it, by reading
 * the value and the arguments ({@link SizeLimits} has the engine's).
 */
@FunctionalInterface
public interface SizeLimit {

  /** A filter whose result cannot grow past its value: only its returned text is counted. */
  SizeLimit NONE = (filter, value, args) -> {};

  /**
   * Fails the render when the result would be too large.
   *
   * @param args the positional arguments, then the keyword ones, as jinjava hands them to most
   *     filters
   */
  void refuseTooLarge(String filter, Object value, Object[] args);
}
