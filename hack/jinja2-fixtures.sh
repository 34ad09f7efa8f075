#!/usr/bin/env bash
# Regenerates the expectations of the Jinja2 conformance suite with real Jinja2 and writes
# docs/conformance.md, then the lexer's (what Jinja2's lexer reads in the sources of
# src/test/resources/io/webserveroperator/template/syntax/lexer/generate.py). Run it after adding
# or editing a case under src/test/resources/io/webserveroperator/template/conformance/ or a
# source in that script; commit what it changes.
#
#   hack/jinja2-fixtures.sh
#
# Needs python3 with venv and PyPI: it keeps a virtualenv with jinja2==3.1.6 and pyyaml in
# ~/.cache/webserver-operator/jinja2-venv (JINJA2_VENV to put it elsewhere). The Java tests
# (Jinja2ConformanceTest, JinjaLexerTest, part of ./mvnw verify) read only the committed files and
# need no Python.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=${JINJA2_VENV:-$HOME/.cache/webserver-operator/jinja2-venv}
requirements=(jinja2==3.1.6 markupsafe==3.0.2 pyyaml==6.0.2)
stamp="$venv/.requirements"

if [[ ! -x $venv/bin/python || "$(cat "$stamp" 2>/dev/null)" != "${requirements[*]}" ]]; then
  echo "jinja2-fixtures: making $venv with ${requirements[*]}"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${requirements[@]}"
  echo "${requirements[*]}" >"$stamp"
fi

"$venv/bin/python" src/test/resources/io/webserveroperator/template/conformance/generate.py "$@"
exec "$venv/bin/python" src/test/resources/io/webserveroperator/template/syntax/lexer/generate.py
