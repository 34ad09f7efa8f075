#!/usr/bin/env bash
# Links the image's Java runtime from a JDK (17 or newer, with bin/jlink): only the modules that
# hack/runtime-modules.txt names, without debug attributes, header files and man pages, compressed,
# and with the default CDS archive a JDK ships, so that start-up loses nothing to it. hack/image.sh
# runs it on the build machine's JDK, the Dockerfile's jlink stage on Temurin's. The classes' debug
# attributes are all that --strip-debug strips of Temurin's and Debian's JDKs (their native
# libraries carry no debug information; the output is the same to the byte), and this needs no
# objcopy (binutils), which --strip-debug runs.
#
#   hack/jlink-runtime.sh JDK OUTPUT     # OUTPUT must not exist yet
set -euo pipefail

jdk=$1 output=$2
feature=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$jdk/release" 2>/dev/null || true)
if [[ ! -x $jdk/bin/jlink || -z $feature ]] || ((feature < 17)); then
  echo "jlink-runtime.sh: $jdk is not a JDK 17 or newer with bin/jlink" >&2
  exit 1
fi

# One module a line, '#' starts a comment; those with a leading '-' are left out.
modules=$(sed 's/#.*//' "$(dirname "$0")/runtime-modules.txt" | grep -v '^-' | xargs | tr ' ' ,)
# JDK 21 renamed the levels: zip-6 is the old 2.
if ((feature >= 21)); then compress=zip-6; else compress=2; fi

"$jdk/bin/jlink" \
  --add-modules "$modules" \
  --strip-java-debug-attributes \
  --no-header-files \
  --no-man-pages \
  --compress="$compress" \
  --generate-cds-archive \
  --output "$output"

# The CDS archive for heaps of 32 GB and more (no compressed oops), which the operator's are not
# (the JVM would start without CDS there): 14 MB.
rm -f "$output/lib/server/classes_nocoops.jsa"

# The trusted CAs must be a file of the runtime: an installed JDK may link its cacerts to
# /etc/ssl/certs/java/, which the image does not have (jlink copies the file it points to).
cacerts=$output/lib/security/cacerts
if [[ -L $cacerts || ! -s $cacerts ]]; then
  echo "jlink-runtime.sh: $cacerts is not a file of the runtime" >&2
  exit 1
fi
