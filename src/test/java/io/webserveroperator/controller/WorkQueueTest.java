package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WorkQueueTest {

  final WorkQueue<String> queue = new WorkQueue<>(RateLimiter.defaults());

  @Test
  void duplicatesCollapseWhileWaiting() throws InterruptedException {
    queue.add("a");
    queue.add("b");
    queue.add("a");

    assertThat(queue.depth()).isEqualTo(2);
    assertThat(queue.take()).isEqualTo("a");
    assertThat(queue.take()).isEqualTo("b");
  }

  @Test
  void keyAddedWhileInProgressIsHandedOutOnlyAfterDone() throws Exception {
    queue.add("a");
    String first = queue.take();
    queue.add("a");

    assertThat(queue.depth()).as("not handed to a second worker while in progress").isZero();
    CompletableFuture<String> second = CompletableFuture.supplyAsync(this::takeQuietly);
    Thread.sleep(50);
    assertThat(second).isNotDone();

    queue.done(first);

    assertThat(second.get(1, TimeUnit.SECONDS)).isEqualTo("a");
  }

  @Test
  void keyDoneWithoutNewAddIsNotQueuedAgain() throws InterruptedException {
    queue.add("a");
    queue.done(queue.take());

    assertThat(queue.depth()).isZero();
  }

  @Test
  void addAfterDelaysTheKey() throws Exception {
    // Long enough that a busy machine does not let it fall due before the depth is read.
    queue.addAfter("late", Duration.ofSeconds(1));

    assertThat(queue.depth()).isZero();
    CompletableFuture<String> taken = CompletableFuture.supplyAsync(this::takeQuietly);
    assertThat(taken.get(5, TimeUnit.SECONDS)).isEqualTo("late");
  }

  @Test
  void closeReleasesBlockedWorkers() throws Exception {
    CompletableFuture<String> taken = CompletableFuture.supplyAsync(this::takeQuietly);
    Thread.sleep(50);

    queue.close();

    assertThat(taken.get(1, TimeUnit.SECONDS)).isNull();
  }

  @Test
  void failuresAreCountedUntilForgotten() {
    queue.addRateLimited("a");
    queue.addRateLimited("a");
    assertThat(queue.failures("a")).isEqualTo(2);

    queue.forget("a");

    assertThat(queue.failures("a")).isZero();
  }

  private String takeQuietly() {
    try {
      return queue.take();
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }
}
