#!/usr/bin/env bash
# Copies what the Helm chart ships from the project into charts/webserver-operator/files/: the
# operator's templates (templates/, without kustomization.yaml, the kinds' tests/ folders and their
# schema.yaml, as templates/kustomization.yaml leaves them out of deploy/'s ConfigMap) and
# the CRDs (crds/). Helm's .Files cannot read outside the chart, and Jinja must stay out of the
# chart's own templates/, so the chart reads these copies as plain files. Run it after editing
# templates/ or crds/; ChartFilesTest fails while the copies differ.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
files="$root/charts/webserver-operator/files"
rm -rf "$files/templates" "$files/crds"
mkdir -p "$files/templates" "$files/crds"

(
  cd "$root/templates"
  find . -type f ! -name kustomization.yaml ! -path './*/tests/*' ! -path './*/schema.yaml' | sort | while read -r file; do
    mkdir -p "$files/templates/$(dirname "$file")"
    cp "$file" "$files/templates/$file"
  done
)
cp "$root"/crds/*.yaml "$files/crds/"
echo "chart-files: copied templates/ and crds/ into ${files#"$root"/}"
