package io.webserveroperator.kube;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Names threads, so that thread dumps show what is reconciling, applying and labelling. */
public final class NamedThreads implements ThreadFactory {

  private final String prefix;
  private final AtomicInteger count = new AtomicInteger();

  /** Threads named {@code prefix1}, {@code prefix2}, ... */
  public NamedThreads(String prefix) {
    this.prefix = prefix;
  }

  /**
   * Up to {@code threads} threads named {@code prefix1}, ..., started when needed and ended after a
   * minute idle; when all are busy the submitting thread runs the task itself, so nothing ever
   * waits in a queue, not even after shutdown.
   */
  public static ExecutorService elasticPool(String prefix, int threads) {
    return new ThreadPoolExecutor(
        0,
        threads,
        1,
        TimeUnit.MINUTES,
        new SynchronousQueue<>(),
        new NamedThreads(prefix),
        (task, pool) -> task.run());
  }

  @Override
  public Thread newThread(Runnable runnable) {
    return new Thread(runnable, prefix + count.incrementAndGet());
  }
}
