package io.webserveroperator.template;

/** The output of a macro: template text whose values are already slot tokens. */
record TemplateText(String text) implements Fragment {

  @Override
  public String emit(Slots slots) {
    return text;
  }

  @Override
  public String toString() {
    return slotsResolved();
  }

  private String slotsResolved() {
    Slots slots = Slots.current();
    return slots == null ? text : slots.resolveText(text);
  }
}
