/**
 * The jinjava every template set renders with, put together ({@link
 * io.webserveroperator.template.engine.EngineFactory}): Python's expression grammar, the sandbox,
 * the library, the limits and the output strategy that writes values as tokens. Also what a
 * template's source is checked for at load ({@link
 * io.webserveroperator.template.engine.ParsedSource}) and how jinjava's errors become sentences
 * that name the template's line ({@link io.webserveroperator.template.engine.RenderErrors}).
 */
package io.webserveroperator.template.engine;
