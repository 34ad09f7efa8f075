#!/usr/bin/env bash
# Makes sure the Kubernetes binaries that the tests and the local cluster need exist, and prints the
# folder that holds them as the last line of output.
#
# Where they exist already, it does nothing. Otherwise, with `go` on the PATH, it builds them from Go
# modules at pinned versions, in throwaway modules, and installs them where kube-api-test looks
# (~/.kubeapitest/k8s/<version>-<os>-<arch>/). Without `go`, kube-api-test downloads etcd,
# kube-apiserver and kubectl itself on the first test run (that route needs internet), and the
# binaries only the local cluster uses are reported missing.
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

missing=()
for binary in "${BINARIES[@]}"; do
  [ -x "$target/$binary" ] || missing+=("$binary")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "kube-binaries: all present (Kubernetes v$K8S_VERSION, etcd v$ETCD_VERSION, kwok v$KWOK_VERSION)"
  echo "$target"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  echo "kube-binaries: no 'go' on the PATH; missing: ${missing[*]}" >&2
  echo "kube-binaries: kube-api-test downloads etcd, kube-apiserver and kubectl v$K8S_VERSION on the first test run (needs internet)" >&2
  echo "$target"
  exit 0
fi

work="${XDG_CACHE_HOME:-$HOME/.cache}/webserver-operator/kube-build"
staging="$work/out"
mkdir -p "$work" "$staging"
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

# build DIR OUTPUT PACKAGE: builds one main package of the module in DIR into the staging folder.
build() {
  echo "kube-binaries: building $2 from $3"
  (cd "$1" && go build -o "$staging/$2" "$3")
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
  gomod=$(cd "$dir" && go mod download -json "k8s.io/kubernetes@v$K8S_VERSION" | sed -n 's/.*"GoMod": "\(.*\)",*/\1/p')
  # k8s.io/kubernetes points its staging modules at local folders; pin each to its published twin.
  staging_version="v0.${K8S_VERSION#1.}"
  {
    echo "require k8s.io/kubernetes v$K8S_VERSION"
    sed -n 's#^[[:space:]]*\(k8s.io/[a-z0-9-]*\) => ./staging/.*#replace \1 => \1 '"$staging_version"'#p' "$gomod"
  } >>"$dir/go.mod"
  for binary in kube-apiserver kubectl kube-controller-manager kube-scheduler; do
    needs "$binary" && build "$dir" "$binary" "k8s.io/kubernetes/cmd/$binary"
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

mkdir -p "$target"
for binary in "${missing[@]}"; do
  mv -f "$staging/$binary" "$target/$binary"
done
echo "kube-binaries: built ${missing[*]} in $((SECONDS - started)) s"
echo "$target"
