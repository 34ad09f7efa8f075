package io.webserveroperator.controller;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A keyed work queue with client-go's guarantees: a key waiting twice is queued once; a key is
 * never handed to two workers at once (added while in progress, it is queued again when {@link
 * #done} says the worker finished); failed keys come back after a {@link RateLimiter} delay.
 *
 * <p>Thread-safe. {@link #take} blocks until a key is ready or the queue shuts down.
 */
public final class WorkQueue<K> implements AutoCloseable {

  private final Deque<K> queue = new ArrayDeque<>();
  private final Set<K> dirty = new HashSet<>();
  private final Set<K> processing = new HashSet<>();
  private final RateLimiter rateLimiter;
  private final ScheduledExecutorService delayed;
  private boolean shuttingDown;

  public WorkQueue(RateLimiter rateLimiter) {
    this.rateLimiter = rateLimiter;
    this.delayed =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread thread = new Thread(r, "workqueue-delay");
              thread.setDaemon(true);
              return thread;
            });
  }

  /** Queues the key unless it is already waiting. */
  public synchronized void add(K key) {
    if (shuttingDown || !dirty.add(key)) {
      return;
    }
    if (!processing.contains(key)) {
      queue.addLast(key);
      notifyAll();
    }
  }

  /** Queues the key after a delay. */
  public void addAfter(K key, Duration delay) {
    if (delay.isZero() || delay.isNegative()) {
      add(key);
      return;
    }
    synchronized (this) {
      if (shuttingDown) {
        return;
      }
    }
    delayed.schedule(() -> add(key), delay.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** Queues a failed key after its backoff. */
  public void addRateLimited(K key) {
    addAfter(key, rateLimiter.whenNext(key));
  }

  /** Resets the key's backoff after it succeeded. */
  public void forget(K key) {
    rateLimiter.forget(key);
  }

  /** How often the key has failed in a row. */
  public int failures(K key) {
    return rateLimiter.failures(key);
  }

  /**
   * The next key to work on, marked as in progress; {@code null} once the queue shuts down.
   *
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public synchronized K take() throws InterruptedException {
    while (queue.isEmpty() && !shuttingDown) {
      wait();
    }
    if (shuttingDown) {
      return null;
    }
    K key = queue.removeFirst();
    processing.add(key);
    dirty.remove(key);
    return key;
  }

  /** Marks the key finished; if it was added meanwhile, it is queued again. */
  public synchronized void done(K key) {
    processing.remove(key);
    if (dirty.contains(key) && !shuttingDown) {
      queue.addLast(key);
      notifyAll();
    }
  }

  /** Keys waiting, for the {@code workqueue_depth} metric. */
  public synchronized int depth() {
    return queue.size();
  }

  /** Keys being worked on. */
  public synchronized int inProgress() {
    return processing.size();
  }

  /** Stops handing out keys; workers blocked in {@link #take} get {@code null}. */
  @Override
  public synchronized void close() {
    shuttingDown = true;
    delayed.shutdownNow();
    notifyAll();
  }
}
