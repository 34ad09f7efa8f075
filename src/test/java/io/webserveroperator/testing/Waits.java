package io.webserveroperator.testing;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.ThrowingRunnable;
import org.hamcrest.BaseMatcher;
import org.hamcrest.Description;

/**
 * How integration tests wait for a real API server and the operators on it: one timeout, and
 * conditions that say on failure what they last saw. Integration tests wait only through this class
 * ({@code WaitsTest} checks it):
 *
 * <ul>
 *   <li>{@link #until(String, Callable, Predicate)} reads a value until a predicate accepts it; the
 *       failure names what it waited for and the last value read ({@code ... the last value read
 *       was <[Created]>}).
 *   <li>{@link #until(String, Callable, Predicate, Supplier)} adds to that failure what a supplier
 *       describes at that moment: the state around the value (pods, claims, events) that would cost
 *       too much to read on every poll.
 *   <li>{@link #untilAsserted} repeats AssertJ assertions until they pass; the failure is the last
 *       assertion's, which states the actual value.
 *   <li>{@link #await(String)} is Awaitility's {@code await}, named and with the timeout, for a
 *       poll interval, {@code during} or {@code ignoreExceptions} of its own: {@code
 *       Waits.until(Waits.await(what).during(...), read, ok)} or {@code
 *       Waits.await(what).during(...).untilAsserted(...)}, never a bare {@code until(() ->
 *       boolean)}, which says only "not fulfilled".
 * </ul>
 *
 * <p>A test that waits for something intrinsically longer (a deadline it sets, a cluster to start)
 * or shorter on purpose (a takeover it measures) says so once, in a constant named for it, with a
 * comment saying why, and passes that to {@code Waits.await(what).atMost(CONSTANT)}: {@code static
 * final Duration PAUSE = DEADLINE.plus(Waits.TIMEOUT)}.
 */
public final class Waits {

  /**
   * How long any wait on the API server lasts at most: 90 s. One value serves the slowest ordinary
   * wait on a 2-core CI machine shared with other builds; the local-cluster tests (OrderIT,
   * RolloutIT, StatefulRefusalsIT: a scheduler and kwok nodes beside the API server) already
   * allowed 90 s, most others 30 or 60 s. A wait that passes returns as soon as its condition
   * holds, so only a failing test pays for the margin.
   */
  public static final Duration TIMEOUT = Duration.ofSeconds(90);

  private Waits() {}

  /**
   * Awaitility's {@code await}, under the name of what it waits for, giving up after {@link
   * #TIMEOUT}.
   */
  public static ConditionFactory await(String what) {
    return Awaitility.await(what).atMost(TIMEOUT);
  }

  /**
   * Reads {@code read} until {@code ok} accepts its value, null included, and returns that value.
   * On timeout the message names {@code what} and the last value read. An exception from {@code
   * read} fails at once.
   */
  public static <T> T until(String what, Callable<T> read, Predicate<? super T> ok) {
    return until(await(what), read, ok);
  }

  /**
   * As {@link #until(String, Callable, Predicate)}, on a wait of {@link #await(String)} with a poll
   * interval, {@code during} or {@code atMost} of its own.
   */
  public static <T> T until(ConditionFactory wait, Callable<T> read, Predicate<? super T> ok) {
    // Not Awaitility's until(read, predicate): its matcher takes no null, so isNull never held.
    return wait.until(read, new Accepts<T>(ok));
  }

  /**
   * As {@link #until(String, Callable, Predicate)}; on timeout the message also carries what {@code
   * state} says then, read once.
   */
  public static <T> T until(
      String what, Callable<T> read, Predicate<? super T> ok, Supplier<String> state) {
    return until(await(what), read, ok, state);
  }

  /**
   * As {@link #until(String, Callable, Predicate, Supplier)}, on a wait of {@link #await(String)}
   * with a poll interval, {@code during} or {@code atMost} of its own.
   */
  public static <T> T until(
      ConditionFactory wait, Callable<T> read, Predicate<? super T> ok, Supplier<String> state) {
    try {
      return until(wait, read, ok);
    } catch (ConditionTimeoutException timeout) {
      throw new ConditionTimeoutException(timeout.getMessage() + "\n" + state.get(), timeout);
    }
  }

  /**
   * Runs the assertion until it passes; on timeout the message is its last failure, which for an
   * AssertJ assertion states the actual value.
   */
  public static void untilAsserted(ThrowingRunnable assertion) {
    Awaitility.await().atMost(TIMEOUT).untilAsserted(assertion);
  }

  /** A predicate as a matcher that takes null too and names the value it did not accept. */
  private static final class Accepts<T> extends BaseMatcher<T> {

    private final Predicate<? super T> ok;

    Accepts(Predicate<? super T> ok) {
      this.ok = ok;
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean matches(Object value) {
      return ok.test((T) value);
    }

    @Override
    public void describeTo(Description description) {
      description.appendText("a value that passes its predicate");
    }

    @Override
    public void describeMismatch(Object value, Description description) {
      description.appendText("the last value read was ").appendValue(value);
    }
  }
}
