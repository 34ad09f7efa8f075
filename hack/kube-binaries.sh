#!/usr/bin/env bash
# Makes sure the Kubernetes binaries that the tests and the local cluster need exist, and prints the
# folder that holds them as the last line of output.
#
# Where they exist already, it does nothing. Otherwise, with `go` on the PATH, it builds them from Go
# modules at pinned versions, in throwaway modules, and installs them where kube-api-test looks
# (~/.kubeapitest/k8s/<version>-<os>-<arch>/, or under $KUBE_API_TEST_DIR). Without `go`,
# kube-api-test downloads etcd, kube-apiserver and kubectl itself on the first test run (that route
# needs internet), and the binaries only the local cluster uses are reported missing.
#
# The Kubernetes binaries are stamped with their version as the Kubernetes build stamps them
# (-ldflags -X), so that `kubectl version` and the API server's /version say v<K8S_VERSION>.
# Binaries that do not say so (built before this script stamped them) are built again, once; each is
# swapped in with a rename, so a process still running the old one is not disturbed.
#
# Environment: K8S_VERSION, ETCD_VERSION, KWOK_VERSION (the pom's), KUBE_API_TEST_DIR (where
# kube-api-test looks), KUBE_BUILD_DIR (the throwaway modules, default
# ~/.cache/webserver-operator/kube-build). Builds that share KUBE_BUILD_DIR take turns (flock).
set -euo pipefail

K8S_VERSION=${K8S_VERSION:-1.34.4}
ETCD_VERSION=${ETCD_VERSION:-3.6.16}
KWOK_VERSION=${KWOK_VERSION:-0.8.0}
BINARIES=(etcd kube-apiserver kubectl kube-controller-manager kube-scheduler kwok)

os=$(uname -s | tr '[:upper:]' '[:lower:]')
case "$(uname -m)" in
  x86_64 | amd64) arch=amd64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) arch=$(uname -m) ;;
esac
target="${KUBE_API_TEST_DIR:-$HOME/.kubeapitest}/k8s/${K8S_VERSION}-${os}-${arch}"

work="${KUBE_BUILD_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/webserver-operator/kube-build}"
staging="$work/out"
mkdir -p "$work"
# One build at a time per work folder: a second run waits, then finds the binaries there.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$work/.lock"
  flock 9
fi

# version_of BINARY: the version a Kubernetes binary says it is, e.g. v1.34.4.
version_of() {
  case "$1" in
    kubectl) "$target/kubectl" version --client 2>/dev/null | sed -n 's/^Client Version: //p' ;;
    *) "$target/$1" --version 2>/dev/null | sed -n 's/^Kubernetes //p' ;;
  esac
}

# Asked once per set of binaries: the marker, newer than each, says they were found stamped.
stamped="$target/.stamped-v$K8S_VERSION"
missing=()
for binary in "${BINARIES[@]}"; do
  if [ ! -x "$target/$binary" ]; then
    missing+=("$binary")
  elif [[ "$binary" == kube* ]] && ! [ "$stamped" -nt "$target/$binary" ] &&
    [ "$(version_of "$binary")" != "v$K8S_VERSION" ]; then
    echo "kube-binaries: $binary says it is '$(version_of "$binary")', not v$K8S_VERSION: building it again, stamped"
    missing+=("$binary")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  touch "$stamped"
  echo "kube-binaries: all present (Kubernetes v$K8S_VERSION, etcd v$ETCD_VERSION, kwok v$KWOK_VERSION)"
  echo "$target"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  echo "kube-binaries: no 'go' on the PATH; missing or unstamped: ${missing[*]}" >&2
  echo "kube-binaries: kube-api-test downloads etcd, kube-apiserver and kubectl v$K8S_VERSION on the first test run (needs internet)" >&2
  echo "$target"
  exit 0
fi

rm -rf "$staging"
mkdir -p "$staging"
export CGO_ENABLED=0 GOFLAGS="-mod=mod -trimpath -buildvcs=false" GOWORK=off
started=$SECONDS

# A first build takes many minutes: say that it is alive.
heartbeat() {
  while sleep 30; do echo "kube-binaries: still building ($((SECONDS - started)) s so far)"; done
}
heartbeat &
heartbeat_pid=$!
trap 'kill $heartbeat_pid 2>/dev/null || true' EXIT

# new_module DIR MODULE: an empty throwaway module in DIR.
new_module() {
  rm -rf "$1" && mkdir -p "$1"
  (cd "$1" && go mod init "$2" >/dev/null 2>&1)
}

# build DIR OUTPUT PACKAGE [LDFLAGS]: builds one main package of the module in DIR into the staging
# folder.
build() {
  echo "kube-binaries: building $2 from $3"
  (cd "$1" && go build -ldflags "${4:-}" -o "$staging/$2" "$3")
}

needs() {
  local binary
  for binary in "$@"; do
    [[ " ${missing[*]} " == *" $binary "* ]] && return 0
  done
  return 1
}

if needs kube-apiserver kubectl kube-controller-manager kube-scheduler; then
  dir="$work/kubernetes"
  new_module "$dir" kube-binaries/kubernetes
  echo "kube-binaries: resolving k8s.io/kubernetes v$K8S_VERSION"
  download=$(cd "$dir" && go mod download -json "k8s.io/kubernetes@v$K8S_VERSION")
  gomod=$(sed -n 's/.*"GoMod": "\(.*\)",*/\1/p' <<<"$download")
  # The commit, where the module proxy knows it (its Origin); the module archive has no git.
  commit=$(sed -n 's/.*"Hash": "\([0-9a-f]*\)",*/\1/p' <<<"$download" | head -n 1)
  # k8s.io/kubernetes points its staging modules at local folders; pin each to its published twin.
  staging_version="v0.${K8S_VERSION#1.}"
  {
    echo "require k8s.io/kubernetes v$K8S_VERSION"
    sed -n 's#^[[:space:]]*\(k8s.io/[a-z0-9-]*\) => ./staging/.*#replace \1 => \1 '"$staging_version"'#p' "$gomod"
  } >>"$dir/go.mod"
  # As Kubernetes' hack/lib/version.sh stamps a build, for the server (component-base) and for
  # kubectl's client part (client-go); "archive": built from the module archive, not a git tree.
  ldflags=""
  for package in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    ldflags+=" -X $package.gitVersion=v$K8S_VERSION"
    ldflags+=" -X $package.gitMajor=${K8S_VERSION%%.*}"
    ldflags+=" -X $package.gitMinor=$(cut -d. -f2 <<<"$K8S_VERSION")"
    ldflags+=" -X $package.gitTreeState=archive"
    ldflags+=" -X $package.buildDate=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    if [ -n "$commit" ]; then
      ldflags+=" -X $package.gitCommit=$commit"
    fi
  done
  for binary in kube-apiserver kubectl kube-controller-manager kube-scheduler; do
    if needs "$binary"; then
      build "$dir" "$binary" "k8s.io/kubernetes/cmd/$binary" "$ldflags"
    fi
  done
fi

if needs etcd; then
  dir="$work/etcd"
  new_module "$dir" kube-binaries/etcd
  echo "require go.etcd.io/etcd/server/v3 v$ETCD_VERSION" >>"$dir/go.mod"
  build "$dir" etcd go.etcd.io/etcd/server/v3
fi

if needs kwok; then
  dir="$work/kwok"
  new_module "$dir" kube-binaries/kwok
  echo "require sigs.k8s.io/kwok v$KWOK_VERSION" >>"$dir/go.mod"
  build "$dir" kwok sigs.k8s.io/kwok/cmd/kwok
fi

# Copied next to its place, then renamed over it: atomic, and a running process keeps its file.
mkdir -p "$target"
for binary in "${missing[@]}"; do
  cp "$staging/$binary" "$target/.$binary.new"
  mv -f "$target/.$binary.new" "$target/$binary"
done
touch "$stamped"
echo "kube-binaries: built ${missing[*]} in $((SECONDS - started)) s"
echo "$target"
