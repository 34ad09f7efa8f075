#!/usr/bin/env bash
# Builds the operator image without a Docker daemon and without pulling any image: a JRE 17 base
# made from Debian packages by mmdebstrap (cached), imported into podman, and the Dockerfile's last
# stage on top of it with the jar that `./mvnw package` built. For machines that reach only
# package registries (CI here, the Jenkinsfile's Image stage on an agent without Docker).
#
#   hack/image.sh [NAME]      # NAME defaults to webserver-operator:latest, the name deploy/ uses
#
# Needs root, mmdebstrap and podman (apt-get install mmdebstrap podman), and the jar
# (./mvnw -DskipTests package). Without the tools it prints "image: skipped: ..." and exits 0,
# unless IMAGE_REQUIRED=1. DEBIAN_MIRROR (default http://deb.debian.org) and DEBIAN_SUITE
# (bookworm) choose the packages. The base is cached in ~/.cache/webserver-operator/image/ under a
# hash of how it is made, and made again once it is a week old, for Debian's security updates; with
# the base cached, the image takes seconds.
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

# Removes the image that NAME named before, once NAME points elsewhere and nothing else uses it.
drop_replaced() {
  local previous=$1 name=$2
  if [[ -n $previous && $previous != "$(podman image inspect --format '{{.Id}}' "$name")" ]]; then
    podman rmi "$previous" >/dev/null 2>&1 || true
  fi
}

# The base: Debian's essential packages and the headless JRE, without documentation, man pages
# and translations. The merged-usr hook sets /usr up as bookworm has it without installing
# usrmerge (and perl with it). The build host's hostname and resolver are not kept; /etc/hosts
# names localhost. The device nodes are left out: a runtime (or ImageIT's chroot) provides /dev.
suite=${DEBIAN_SUITE:-bookworm}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org}
# shellcheck disable=SC2016,SC2054 # "$1" is the hook's argument; the commas separate packages.
base_args=(
  --variant=essential
  --include=openjdk-17-jre-headless,ca-certificates
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
# What a JRE base image sets: the command search path, and UTF-8 as Java's default charset.
base_config=(
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
  --change 'ENV LANG=C.UTF-8'
)
key=$(printf '%s\n' "${base_args[@]}" "${tar_filter[@]}" "${base_config[@]}" | sha256sum | cut -c1-12)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/webserver-operator/image
base_tar=$cache/base-$key.tar
base_image=localhost/webserver-operator-base:$key

mkdir -p "$cache"
# One build at a time per cache, so that two never replace each other's base.
exec {lock}>"$cache/lock"
flock "$lock"

rebuilt=0
if [[ -z $(find "$base_tar" -mtime -7 2>/dev/null) ]]; then
  say "building the JRE base with mmdebstrap ($suite, about a minute)"
  find "$cache" -name 'base-*.tar*' -delete
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
# The named context `jar` replaces the Dockerfile's jar stage (which would compile in an image that
# cannot be pulled here), so only the last stage is built. No layer cache: it would keep an
# intermediate image of every jar built.
podman build --pull=never --layers=false \
  --build-arg JRE_IMAGE="$base_image" \
  --build-context jar=target \
  --tag "$name" .
drop_replaced "$previous" "$name"

say "built $name in $((SECONDS - start)) s, $(podman images --format '{{.Size}}' "$name")"
