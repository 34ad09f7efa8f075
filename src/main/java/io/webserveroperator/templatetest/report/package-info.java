/**
 * Reports of a {@code test} run for tools: the JUnit XML that CI servers (the Jenkinsfile's {@code
 * junit} step) read.
 */
package io.webserveroperator.templatetest.report;
