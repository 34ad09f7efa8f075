package io.webserveroperator.template;

import io.webserveroperator.OperatorException;

/** A render asked for a revision of a kind's templates that the registry does not know. */
public final class UnknownRevisionException extends OperatorException {

  UnknownRevisionException(String kind, String hash) {
    super(
        "No revision "
            + hash
            + " of the "
            + kind
            + " templates is known: it is neither the current one nor stored in the cluster.");
  }
}
