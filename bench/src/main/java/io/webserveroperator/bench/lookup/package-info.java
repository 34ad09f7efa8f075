/**
 * {@code bench scale --lookup}: every WebServer's templates look up one shared ConfigMap. {@link
 * io.webserveroperator.bench.lookup.LookupTemplates} makes the operator's copy of the templates
 * (the lookup declared in watches.yaml, its value an annotation of each Service); {@link
 * io.webserveroperator.bench.lookup.LookupEditPhase} creates the shared ConfigMap and an unrelated
 * one before the operator starts, and, once every WebServer is settled, edits the unrelated one
 * (which must reach none) and then the shared one (timed until every Service shows it); {@link
 * io.webserveroperator.bench.lookup.LookupFormat} prints the {@link
 * io.webserveroperator.bench.lookup.LookupFigures}. Uses {@code bench} and {@code bench.edit}'s
 * template copy; {@code bench.scale} runs it.
 */
package io.webserveroperator.bench.lookup;
