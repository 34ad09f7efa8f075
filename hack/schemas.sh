#!/usr/bin/env bash
# Refreshes schemas/, the Kubernetes OpenAPI schemas lint validates rendered objects against, from a
# kube-apiserver of the pinned version (the binaries of hack/kube-binaries.sh; no internet needed):
# every kind of the group-versions below, whether or not a template renders it yet, so that a
# template that adds a StatefulSet or a PodDisruptionBudget is checked without refreshing. It starts
# a local control plane (`dev --no-operator`), lets `lint --save-schemas --all-kinds-of` read its
# /openapi/v3 documents, and stops it. About a minute once the jar and the binaries exist.
#
#   hack/schemas.sh            # rewrites schemas/*.json; review with git diff
set -euo pipefail
cd "$(dirname "$0")/.."

# Every built-in group-version a template may render into.
GROUP_VERSIONS=(
  v1
  apps/v1
  batch/v1
  policy/v1
  networking.k8s.io/v1
  autoscaling/v2
  rbac.authorization.k8s.io/v1
  discovery.k8s.io/v1
  coordination.k8s.io/v1
  scheduling.k8s.io/v1
  storage.k8s.io/v1
  admissionregistration.k8s.io/v1
)

jar=target/webserver-operator.jar
if [ ! -f "$jar" ]; then
  echo "schemas: building the jar (./mvnw -q -DskipTests package)" >&2
  ./mvnw -q -DskipTests package
fi
bash hack/kube-binaries.sh >&2

scratch=$(mktemp -d)
kubeconfig="$scratch/kubeconfig"
echo "schemas: starting a local control plane (its log: $scratch/dev.log)" >&2
java -jar "$jar" dev --no-operator --kubeconfig-out "$kubeconfig" >"$scratch/dev.log" 2>&1 &
dev=$!
trap 'kill "$dev" 2>/dev/null || true; wait "$dev" 2>/dev/null || true; rm -rf "$scratch"' EXIT
for _ in $(seq 180); do
  [ -f "$kubeconfig" ] && break
  if ! kill -0 "$dev" 2>/dev/null; then
    cat "$scratch/dev.log" >&2
    echo "schemas: the local control plane did not start" >&2
    exit 1
  fi
  sleep 1
done
[ -f "$kubeconfig" ] || { echo "schemas: the local control plane did not start in 180 s" >&2; exit 1; }

all_kinds=$(IFS=,; echo "${GROUP_VERSIONS[*]}")
java -jar "$jar" lint --kubeconfig "$kubeconfig" --save-schemas schemas --all-kinds-of "$all_kinds" >/dev/null
echo "schemas: wrote schemas/ for ${GROUP_VERSIONS[*]}" >&2
