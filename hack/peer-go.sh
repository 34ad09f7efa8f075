#!/usr/bin/env bash
# Builds the tutorial's WebServer operator in Go, the peer of `bench scale --peer`, with that peer's
# own build.sh, and prints the binary's path as the only line on standard output (the build's output
# goes to standard error). The binary is cached in ~/.cache/webserver-operator/peer-go/ under a hash
# of the peer's sources, so it is built once per version of them: 3 to 15 minutes on 2 cores, the
# module downloads included (14.4 min measured on a loaded machine). Only the binary (46 MB) is kept;
# the build and module caches (1.3 GB) are removed after the build.
#
#   bin=$(hack/peer-go.sh)
#   java -jar bench/target/webserver-operator-bench.jar scale --peer "$bin"
#
#   hack/peer-go.sh --cached   # prints the path only if it is built; exits 3 without building
#
# PEER_GO_SRC is the peer's folder (default ../shared/peers/tutorial-go beside the repository). Needs
# Go (on the PATH or in /usr/local/go/bin, where build.sh looks) and the Go module proxy.
set -euo pipefail
cd "$(dirname "$0")/.."

src=${PEER_GO_SRC:-../shared/peers/tutorial-go}
say() { echo "peer-go: $*" >&2; }

if [[ ! -x $src/build.sh ]]; then
  say "no $src/build.sh: set PEER_GO_SRC to the folder of the tutorial's Go operator"
  exit 1
fi
export PATH=/usr/local/go/bin:$PATH
if ! command -v go >/dev/null 2>&1; then
  say "no 'go' on the PATH or in /usr/local/go/bin: install Go $(sed -n 's/^go //p' "$src/go.mod") or newer (https://go.dev/dl/)"
  exit 1
fi

# build.sh and everything it copies: an edit of any of them is a new binary.
key=$(cd "$src" && find build.sh go.mod go.sum main.go api -type f | LC_ALL=C sort | xargs cat | sha256sum | cut -c1-16)
out=${XDG_CACHE_HOME:-$HOME/.cache}/webserver-operator/peer-go/$key
bin=$out/bin/webserver-go-operator
if [[ ! -x $bin && ${1:-} == --cached ]]; then
  say "not built yet: hack/peer-go.sh builds it"
  exit 3
fi
if [[ ! -x $bin ]]; then
  say "building $src into $out"
  PEER_GO_DIR=$out "$src/build.sh" >&2
  # The module cache is read-only by design; go itself removes it.
  GOMODCACHE=$out/gomod go clean -modcache
  rm -rf "$out/gocache" "$out/src"
fi
echo "$bin"
