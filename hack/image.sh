#!/usr/bin/env bash
# Builds the operator image without a Docker daemon and without pulling any image: a Java runtime
# linked by jlink from a JDK on this machine (only the modules the operator needs; cached), a
# Debian base made by mmdebstrap (cached), imported into podman, and the Dockerfile's last stage on
# top with that runtime and the jar that `./mvnw package` built. For machines that reach only
# package registries (CI here, the Jenkinsfile's Image stage on an agent without Docker).
#
#   hack/image.sh [NAME]      # NAME defaults to webserver-operator:latest, the name deploy/ uses
#
# Needs root, mmdebstrap and podman (apt-get install mmdebstrap podman), the jar (./mvnw -DskipTests
# package) and a JDK with jlink. Without the tools it prints "image: skipped: ..." and exits 0,
# unless IMAGE_REQUIRED=1. The runtime comes from IMAGE_JDK if set, else from a JDK 17 in
# /usr/lib/jvm, else from a JDK 25 (17 is what the operator measured best on: less memory at scale,
# docs/benchmarks.md "A newer runtime"); the script says which. DEBIAN_MIRROR (default
# http://deb.debian.org) and DEBIAN_SUITE (bookworm) choose the packages. Both are cached in
# ~/.cache/webserver-operator/image/: the runtime under a hash of the JDK's release file and how it
# is linked, the base under a hash of how it is made, and made again once it is a week old, for
# Debian's security updates; with both cached, the image takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

name=${1:-webserver-operator:latest}
say() { echo "image: $*"; }

missing=()
for tool in mmdebstrap podman; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if ((${#missing[@]})); then
  if [[ ${IMAGE_REQUIRED:-0} == 1 ]]; then
    say "no ${missing[*]}: apt-get install mmdebstrap podman (IMAGE_REQUIRED=1)" >&2
    exit 1
  fi
  say "skipped: no ${missing[*]} (apt-get install mmdebstrap podman; IMAGE_REQUIRED=1 fails instead)"
  exit 0
fi

jar=target/webserver-operator.jar
if [[ ! -f $jar ]]; then
  say "no $jar: build it first with ./mvnw -DskipTests package" >&2
  exit 1
fi

# The JDK whose jlink makes the runtime: IMAGE_JDK, else the first JDK 17, else the first JDK 25
# with bin/jlink in /usr/lib/jvm, JAVA_HOME or the PATH.
feature() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null; }
find_jdk() {
  local want candidate
  local candidates=(/usr/lib/jvm/*)
  [[ -n ${JAVA_HOME:-} ]] && candidates+=("$JAVA_HOME")
  command -v jlink >/dev/null 2>&1 && candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v jlink)")")")")
  for want in 17 25; do
    for candidate in "${candidates[@]}"; do
      if [[ -x $candidate/bin/jlink && $(feature "$candidate") == "$want" ]]; then
        readlink -f "$candidate"
        return
      fi
    done
  done
}
jdk=${IMAGE_JDK:-$(find_jdk)}
if [[ -z $jdk ]]; then
  say "no JDK 17 or 25 with bin/jlink in /usr/lib/jvm, JAVA_HOME or the PATH: set IMAGE_JDK" >&2
  exit 1
fi
if [[ ! -x $jdk/bin/jlink || ! -f $jdk/release ]]; then
  say "IMAGE_JDK=$jdk is not a JDK: it has no bin/jlink or no release file" >&2
  exit 1
fi
jdk_version=$(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"$/\1/p' "$jdk/release")

cache=${XDG_CACHE_HOME:-$HOME/.cache}/webserver-operator/image
mkdir -p "$cache"
# One build at a time per cache, so that two never replace each other's base or runtime.
exec {lock}>"$cache/lock"
flock "$lock"

# Removes the image that NAME named before, once NAME points elsewhere and nothing else uses it.
drop_replaced() {
  local previous=$1 name=$2
  if [[ -n $previous && $previous != "$(podman image inspect --format '{{.Id}}' "$name")" ]]; then
    podman rmi "$previous" >/dev/null 2>&1 || true
  fi
}

# The runtime: a new JDK (its release file names the build) or a new module list makes a new one.
# Runtimes unused for a week are removed; the one used is touched.
runtime_key=$(cat "$jdk/release" hack/runtime-modules.txt hack/jlink-runtime.sh | sha256sum | cut -c1-12)
runtime=$cache/runtime-$runtime_key
say "runtime: jlink from $jdk ($jdk_version)"
if [[ -d $runtime ]]; then
  say "runtime from the cache: $runtime"
else
  find "$cache" -maxdepth 1 -name 'runtime-*' -mtime +7 -exec rm -rf {} +
  rm -rf "$runtime.partial"
  start=$SECONDS
  if ! hack/jlink-runtime.sh "$jdk" "$runtime.partial" >"$cache/runtime.log" 2>&1; then
    cat "$cache/runtime.log" >&2
    say "jlink failed; its log is $cache/runtime.log" >&2
    exit 1
  fi
  mv "$runtime.partial" "$runtime"
  say "runtime linked in $((SECONDS - start)) s: $runtime ($(du -sm "$runtime" | cut -f1) MB)"
fi
touch "$runtime"

# The base: Debian's essential packages (glibc, and zlib, which dpkg needs), and the C++ library
# where the runtime's libraries need it (Debian's JDK builds do, Temurin's link it in), without
# documentation, man pages and translations. The runtime brings its own trusted CAs. The
# merged-usr hook sets /usr up as bookworm has it without installing usrmerge (and perl with it).
# The build host's hostname and resolver are not kept; /etc/hosts names localhost. The device
# nodes are left out: a runtime (or ImageIT's chroot) provides /dev.
suite=${DEBIAN_SUITE:-bookworm}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org}
packages=()
if grep -rlqaF 'libstdc++.so.6' "$runtime/lib"; then
  packages+=(--include=libstdc++6)
fi
# shellcheck disable=SC2016 # "$1" is the hook's argument.
base_args=(
  --variant=essential
  "${packages[@]}"
  --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr
  --dpkgopt='path-exclude=/usr/share/doc/*'
  --dpkgopt='path-include=/usr/share/doc/*/copyright'
  --dpkgopt='path-exclude=/usr/share/man/*/*'
  --dpkgopt='path-exclude=/usr/share/info/*'
  --dpkgopt='path-exclude=/usr/share/lintian/*'
  --dpkgopt='path-exclude=/usr/share/locale/*'
  --customize-hook='rm "$1/etc/hostname"; : > "$1/etc/resolv.conf"; printf "127.0.0.1\tlocalhost\n::1\tlocalhost\n" > "$1/etc/hosts"'
  --format=tar
  "$suite"
  -
  "deb $mirror/debian $suite main"
  "deb $mirror/debian $suite-updates main"
  "deb $mirror/debian-security $suite-security main"
)
tar_filter=(--path-exclude='/dev/*')
# What a Debian base image sets: the command search path.
base_config=(--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin')
key=$(printf '%s\n' "${base_args[@]}" "${tar_filter[@]}" "${base_config[@]}" | sha256sum | cut -c1-12)
base_tar=$cache/base-$key.tar
base_image=localhost/webserver-operator-base:$key

rebuilt=0
if [[ -z $(find "$base_tar" -mtime -7 2>/dev/null) ]]; then
  say "building the base with mmdebstrap ($suite, about a minute)"
  # This one, and the others once a week old (a base per runtime's needs may be kept).
  rm -f "$base_tar" "$base_tar.partial"
  find "$cache" -maxdepth 1 -name 'base-*.tar*' -mtime +7 -delete
  start=$SECONDS
  if ! mmdebstrap "${base_args[@]}" 2>"$cache/base.log" \
    | mmtarfilter "${tar_filter[@]}" >"$base_tar.partial"; then
    tail -n 30 "$cache/base.log" >&2
    say "mmdebstrap failed; its whole log is $cache/base.log" >&2
    exit 1
  fi
  mv "$base_tar.partial" "$base_tar"
  say "base built in $((SECONDS - start)) s: $base_tar"
  rebuilt=1
else
  say "base from the cache: $base_tar"
fi

if ((rebuilt)) || ! podman image exists "$base_image"; then
  say "importing the base as $base_image"
  previous=$(podman image inspect --format '{{.Id}}' "$base_image" 2>/dev/null || true)
  podman import --quiet "${base_config[@]}" "$base_tar" "$base_image" >/dev/null
  drop_replaced "$previous" "$base_image"
fi

say "building $name from the Dockerfile's last stage with $jar"
start=$SECONDS
previous=$(podman image inspect --format '{{.Id}}' "$name" 2>/dev/null || true)
# The named contexts `jar` and `runtime` replace the Dockerfile's stages of those names (which
# would compile and link in images that cannot be pulled here), so only the last stage is built.
# No layer cache: it would keep an intermediate image of every jar built.
podman build --pull=never --layers=false \
  --build-arg BASE_IMAGE="$base_image" \
  --build-context jar=target \
  --build-context runtime="$runtime" \
  --tag "$name" .
drop_replaced "$previous" "$name"

say "built $name in $((SECONDS - start)) s, $(podman images --format '{{.Size}}' "$name")"
