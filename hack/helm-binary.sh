#!/usr/bin/env bash
# Makes sure the helm binary that the chart's tests need exists, and prints its path as the last line
# of output.
#
# Where it exists already, it does nothing. Otherwise, with `go` on the PATH, it builds helm from its
# Go module at the pinned version (`go install helm.sh/helm/v4/cmd/helm@vVERSION` into a throwaway
# GOBIN) and keeps it in ~/.cache/webserver-operator/helm/<version>-<os>-<arch>/. Without `go` it
# says so and exits 0: the tests that need helm then skip with a message.
set -euo pipefail

HELM_VERSION=${HELM_VERSION:-4.3.2}

os=$(uname -s | tr '[:upper:]' '[:lower:]')
case "$(uname -m)" in
  x86_64 | amd64) arch=amd64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) arch=$(uname -m) ;;
esac
target="${XDG_CACHE_HOME:-$HOME/.cache}/webserver-operator/helm/${HELM_VERSION}-${os}-${arch}"

if [ -x "$target/helm" ]; then
  echo "helm-binary: present (helm v$HELM_VERSION)"
  echo "$target/helm"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  echo "helm-binary: no 'go' on the PATH; the chart's tests skip without helm v$HELM_VERSION" >&2
  echo "$target/helm"
  exit 0
fi

started=$SECONDS
bin=$(mktemp -d)
heartbeat() {
  while sleep 30; do echo "helm-binary: still building ($((SECONDS - started)) s so far)"; done
}
heartbeat &
heartbeat_pid=$!
trap 'kill $heartbeat_pid 2>/dev/null || true; rm -rf "$bin"' EXIT

echo "helm-binary: building helm v$HELM_VERSION from helm.sh/helm/v4"
# As helm's Makefile stamps a release: without it `helm version` says only v4.3.
version_pkg=helm.sh/helm/v4/internal/version
CGO_ENABLED=0 GOFLAGS="-mod=mod -trimpath -buildvcs=false" GOWORK=off GOBIN="$bin" \
  go install -ldflags "-X $version_pkg.version=v$HELM_VERSION" "helm.sh/helm/v4/cmd/helm@v$HELM_VERSION"

mkdir -p "$target"
mv -f "$bin/helm" "$target/helm"
echo "helm-binary: built helm v$HELM_VERSION in $((SECONDS - started)) s"
echo "$target/helm"
