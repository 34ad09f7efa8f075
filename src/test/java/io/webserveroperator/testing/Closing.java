package io.webserveroperator.testing;

/** Closes what a test started, in the order given, skipping what never started. */
public final class Closing {

  private Closing() {}

  /** Closes each non-null one, the first first: an operator before its client and cluster. */
  public static void inOrder(AutoCloseable... started) throws Exception {
    for (AutoCloseable closeable : started) {
      if (closeable != null) {
        closeable.close();
      }
    }
  }
}
