#!/usr/bin/env bash
# The one-command demo: builds the operator's jar (its module alone, not the benchmark), makes sure
# the Kubernetes binaries exist, then starts a local control plane with the CRDs, the samples (a
# WebServer and a Postgres, each kind beside the other) and the operator (until Ctrl-C). Extra
# arguments go to `dev`.
# Each step says what it does as it starts, on stderr, since the first two can take minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { echo "dev.sh: $*" >&2; }
started=$SECONDS

step "1/3 building the jar (./mvnw -q -DskipTests -pl operator package; about a minute, longer on a first run that downloads Maven and the dependencies)"
(while sleep 15; do step "    still building the jar ($((SECONDS - started)) s so far)"; done) &
heartbeat=$!
trap 'kill $heartbeat 2>/dev/null || true' EXIT
./mvnw -q -DskipTests -pl operator package
kill $heartbeat 2>/dev/null || true
step "    built target/webserver-operator.jar in $((SECONDS - started)) s"

step "2/3 checking the Kubernetes binaries (hack/kube-binaries.sh; a first build from Go modules takes about 7 minutes)"
bash hack/kube-binaries.sh >&2

step "3/3 starting the local cluster and the operator (java -jar target/webserver-operator.jar dev $*)"
exec java -jar target/webserver-operator.jar dev "$@"
