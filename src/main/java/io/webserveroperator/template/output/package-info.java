/**
 * Where a rendered string becomes a YAML value. Every string a template prints is written as a
 * token ({@link io.webserveroperator.template.output.PrintedValues}), never as YAML text, so that a
 * value cannot change the structure; {@link io.webserveroperator.template.output.OutputParser}
 * parses the text as YAML (multi-line values inside block scalars by lines, {@link
 * io.webserveroperator.template.output.BlockScalars}) and puts the values back in, typed as the
 * template wrote them ({@link io.webserveroperator.template.output.TypedText}). A value printed
 * within a line of text stays within it ({@link io.webserveroperator.template.output.InlineValues},
 * unless printed as {@link io.webserveroperator.template.output.MultilineText}). Also the
 * structured output of {@code to_yaml}/{@code to_json} ({@link
 * io.webserveroperator.template.output.SerialFormat}, {@link
 * io.webserveroperator.template.output.Fragment}) and the map from output lines back to template
 * lines ({@link io.webserveroperator.template.output.SourceLines}). Uses {@code python}.
 */
package io.webserveroperator.template.output;
