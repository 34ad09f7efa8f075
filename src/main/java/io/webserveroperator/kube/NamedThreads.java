package io.webserveroperator.kube;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Names threads, so that thread dumps show what is reconciling, applying and labelling. */
public final class NamedThreads implements ThreadFactory {

  private final String prefix;
  private final AtomicInteger count = new AtomicInteger();

  /** Threads named {@code prefix1}, {@code prefix2}, ... */
  public NamedThreads(String prefix) {
    this.prefix = prefix;
  }

  @Override
  public Thread newThread(Runnable runnable) {
    return new Thread(runnable, prefix + count.incrementAndGet());
  }
}
