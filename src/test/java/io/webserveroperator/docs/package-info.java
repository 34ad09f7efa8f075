/**
 * Tests of the documentation as a reader meets it on GitHub: README.md and docs/ link only to files
 * that exist and to headings that are there ({@link io.webserveroperator.docs.DocLinksTest}).
 */
package io.webserveroperator.docs;
