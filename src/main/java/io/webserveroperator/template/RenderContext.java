package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.filter.Filter;
import io.webserveroperator.template.python.TemplateFailure;
import java.util.Map;

/**
 * The root scope of one render. A filter or test that does not exist is an error, as Jinja2 reports
 * it when it compiles the template, where jinjava would quietly evaluate to nothing.
 */
final class RenderContext extends Context {

  RenderContext(Context parent, Map<String, Object> variables) {
    super(parent, variables);
  }

  @Override
  public Filter getFilter(String name) {
    Filter filter = super.getFilter(name);
    if (filter == null) {
      throw new TemplateFailure("no filter named '" + name + "'");
    }
    return filter;
  }

  @Override
  public ExpTest getExpTest(String name) {
    ExpTest test = super.getExpTest(name);
    if (test == null) {
      throw new TemplateFailure("no test named '" + name + "'");
    }
    return test;
  }
}
