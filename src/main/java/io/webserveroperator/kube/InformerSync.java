package io.webserveroperator.kube;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.OperatorException;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one wait both caches make for their informers' first list: bounded, so that an operator that
 * cannot list a kind (RBAC, a kind the API server does not serve) says so and stops instead of
 * hanging at start-up.
 */
final class InformerSync {

  /** How long the first list of one informer may take. */
  static final Duration TIMEOUT = Duration.ofSeconds(60);

  private InformerSync() {}

  /** Blocks until {@code listed} completes, or fails naming the kind. */
  static void await(CompletionStage<?> listed, ResourceDefinitionContext kind) {
    try {
      listed.toCompletableFuture().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new OperatorException("Interrupted while listing " + kind.getPlural() + ".", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new OperatorException(
          "Cannot list and watch "
              + kind.getPlural()
              + " in "
              + group(kind)
              + ": "
              + cause.getMessage(),
          cause);
    } catch (TimeoutException e) {
      throw new OperatorException(
          "Cannot list and watch "
              + kind.getPlural()
              + " in "
              + group(kind)
              + " within "
              + TIMEOUT.toSeconds()
              + " s: check that the API server serves them and that the operator may list them.",
          e);
    }
  }

  private static String group(ResourceDefinitionContext kind) {
    return kind.getGroup() == null || kind.getGroup().isEmpty()
        ? "the core group"
        : kind.getGroup();
  }
}
