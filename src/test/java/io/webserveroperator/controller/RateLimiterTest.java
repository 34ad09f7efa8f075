package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

  @Test
  void backoffDoublesPerKeyWithAtMostTenPercentJitter() {
    RateLimiter limiter =
        new RateLimiter(Duration.ofMillis(5), Duration.ofSeconds(1000), 1000, 1000);

    assertThat(limiter.whenNext("a")).isBetween(Duration.ofMillis(5), Duration.ofMillis(6));
    assertThat(limiter.whenNext("a")).isBetween(Duration.ofMillis(10), Duration.ofMillis(11));
    assertThat(limiter.whenNext("a")).isBetween(Duration.ofMillis(20), Duration.ofMillis(22));
    assertThat(limiter.whenNext("b"))
        .as("keys back off independently")
        .isBetween(Duration.ofMillis(5), Duration.ofMillis(6));
  }

  @Test
  void backoffStopsAtTheCap() {
    RateLimiter limiter = new RateLimiter(Duration.ofMillis(5), Duration.ofSeconds(1), 1000, 1000);
    for (int i = 0; i < 100; i++) {
      limiter.whenNext("a");
    }

    assertThat(limiter.whenNext("a")).isBetween(Duration.ofSeconds(1), Duration.ofMillis(1100));
  }

  @Test
  void forgetStartsOver() {
    RateLimiter limiter = new RateLimiter(Duration.ofMillis(5), Duration.ofSeconds(1), 1000, 1000);
    limiter.whenNext("a");
    limiter.whenNext("a");

    limiter.forget("a");

    assertThat(limiter.whenNext("a")).isLessThan(Duration.ofMillis(6));
  }

  @Test
  void overallBucketDelaysRetriesBeyondTheBurst() {
    RateLimiter limiter = new RateLimiter(Duration.ofNanos(1), Duration.ofNanos(1), 10, 2);
    limiter.whenNext("a");
    limiter.whenNext("b");

    assertThat(limiter.whenNext("c"))
        .as("third retry at 10/s with a burst of 2 waits for a token")
        .isGreaterThan(Duration.ofMillis(50));
  }
}
