/**
 * The benchmark's command line, {@code java -jar bench/target/webserver-operator-bench.jar}: {@code
 * render} (renders per second, in this JVM) and {@code scale} (the operator's jar as child JVMs
 * against a real API server, optionally beside the tutorial's Go operator), each a thin edge over
 * the packages below it. Options and converters it shares with the operator's commands come from
 * the operator's {@code cli.options}; nothing depends on this package.
 */
package io.webserveroperator.bench.cli;
