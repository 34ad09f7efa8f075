#!/bin/sh
# Runs a command in an image's root file system as deploy/deployment.yaml runs the operator's
# container, for machines where no container runtime can start one: the root read-only
# (readOnlyRootFilesystem), a small tmpfs on /tmp (the emptyDir), /proc of its own PID namespace,
# the usual devices, the image's numeric user with no supplementary groups and no capabilities,
# and the host's network with its /etc/hosts and /etc/resolv.conf, as `--network=host` gives.
#
# ImageSandbox starts it as root under `unshare --mount --pid --fork`, with the image's root
# mounted by `podman image mount` and the image's environment (its PATH also finds the host
# commands used here):
#
#   sandbox.sh ROOT WORKDIR UID GID [HOST_FOLDER:PATH]... -- COMMAND [ARG]...
#
# Each HOST_FOLDER:PATH shows a host folder read-only at PATH, which must lie under /tmp.
set -eu
root=$1 workdir=$2 uid=$3 gid=$4
shift 4

read_only_bind() {
  mount --bind "$1" "$2"
  mount -o remount,bind,ro "$2"
}

read_only_bind "$root" "$root"
mount -t tmpfs -o nosuid,nodev,size=64m,mode=1777 tmpfs "$root/tmp"
mount -t proc -o nosuid,nodev,noexec proc "$root/proc"
mount -t tmpfs -o nosuid,noexec,mode=755 tmpfs "$root/dev"
for device in null zero full random urandom tty; do
  touch "$root/dev/$device"
  mount --bind "/dev/$device" "$root/dev/$device"
done
for file in /etc/hosts /etc/resolv.conf; do
  read_only_bind "$file" "$root$file"
done

while [ "$1" != -- ]; do
  folder=${1%%:*} path=${1#*:}
  case $path in
    /tmp/*) ;;
    *) echo "sandbox.sh: $path: binds go under /tmp, the only writable place" >&2; exit 2 ;;
  esac
  mkdir -p "$root$path"
  read_only_bind "$folder" "$root$path"
  shift
done
shift

exec unshare --root="$root" --wd="$workdir" --setgid="$gid" --setuid="$uid" -- "$@"
