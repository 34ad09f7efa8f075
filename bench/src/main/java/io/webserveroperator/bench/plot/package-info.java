/**
 * The benchmark's plots: a {@link io.webserveroperator.bench.plot.LineChart} holds what a benchmark
 * measured over time, and {@link io.webserveroperator.bench.plot.SvgChart} draws it with JFreeChart
 * and writes it as SVG with JFreeSVG, for the docs to embed (docs/img/). The benchmarks build their
 * charts from their figures ({@code bench.contest}, {@code bench.edit}); this package knows none of
 * them.
 */
package io.webserveroperator.bench.plot;
