#!/usr/bin/env bash
# The one-command demo: builds the operator's jar (its module alone, not the benchmark), makes sure
# the Kubernetes binaries exist, then starts a local control plane with the CRD, the samples and the
# operator (until Ctrl-C). Extra arguments go to `dev`.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -DskipTests -pl operator package
bash hack/kube-binaries.sh >&2
exec java -jar target/webserver-operator.jar dev "$@"
