package io.webserveroperator.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/** Runs one task per index on a fixed pool and waits for all of them. */
public final class Concurrently {

  private Concurrently() {}

  /** Runs {@code task} for 0..count-1 on {@code threads} threads; rethrows the first failure. */
  static void run(int count, int threads, IntConsumer task) {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> futures = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        int index = i;
        futures.add(pool.submit(() -> task.accept(index)));
      }
      for (Future<?> future : futures) {
        future.get();
      }
    } catch (ExecutionException e) {
      throw new BenchException("A benchmark request failed: " + e.getCause().getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchException("Interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
