#!/usr/bin/env bash
# Install pinned MCP servers.
#   install.sh [--force]           the end-to-end servers scripts/record_servers.py records:
#       PyPI servers (tests/servers/requirements.txt)  -> <repo>/.servers/venv   (one venv)
#       npm servers  (tests/servers/package-lock.json) -> tests/servers/node_modules (npm ci)
#       an app's mcp 1.x (tests/servers/app-mcp1.txt)  -> <repo>/.servers/app-mcp1
#   install.sh [--force] --corpus  the corpus servers scripts/record_corpus.py records (never CI):
#       PyPI servers (tests/corpus/pypi/<name>.txt)    -> <repo>/.corpus/venvs/<name> (a venv each)
#       npm servers  (tests/corpus/package-lock.json)  -> tests/corpus/node_modules (npm ci)
# Idempotent: each venv and node_modules is skipped when its pin file has not changed since it was
# last installed (a stamp file holds the pin file's sha256). --force reinstalls.
# Environment: PYTHON (default python3.11, else python3) makes the venvs.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
force=0
corpus=0
for arg in "$@"; do
  case "$arg" in
    --force) force=1 ;;
    --corpus) corpus=1 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done

sha() { sha256sum "$1" | cut -d' ' -f1; }

# install_pypi REQUIREMENTS VENV: the pinned requirements into their own venv.
install_pypi() {
  local requirements="$1" venv="$2"
  local stamp="$venv/.mcp2openai-requirements.sha256" want
  want="$(sha "$requirements")"
  if [[ $force == 0 && -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
    echo "install.sh: PyPI servers up to date in $venv"
    return
  fi
  if [[ ! -x "$venv/bin/python" ]]; then
    local python="${PYTHON:-$(command -v python3.11 || command -v python3)}"
    echo "install.sh: creating $venv with $python"
    "$python" -m venv "$venv"
  fi
  echo "install.sh: installing $(basename "$requirements") into $venv"
  "$venv/bin/python" -m pip install --disable-pip-version-check --quiet -r "$requirements"
  echo "$want" > "$stamp"
}

# install_npm DIR: npm ci from DIR/package-lock.json into DIR/node_modules.
install_npm() {
  local dir="$1"
  command -v npm >/dev/null || { echo "install.sh: npm is not installed" >&2; exit 1; }
  local stamp="$dir/node_modules/.mcp2openai-lock.sha256" want
  want="$(sha "$dir/package-lock.json")"
  if [[ $force == 0 && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
    echo "install.sh: npm servers up to date in $dir/node_modules"
    return
  fi
  echo "install.sh: npm ci in $dir"
  # --ignore-scripts: no server needs an install script to run, and some (tldjs) would
  # try the network; newer npm skips unapproved scripts anyway.
  (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
  echo "$want" > "$stamp"
}

if [[ $corpus == 0 ]]; then
  install_pypi "$here/requirements.txt" "$repo/.servers/venv"
  install_pypi "$here/app-mcp1.txt" "$repo/.servers/app-mcp1"
  install_npm "$here"
else
  for requirements in "$repo"/tests/corpus/pypi/*.txt; do
    install_pypi "$requirements" "$repo/.corpus/venvs/$(basename "$requirements" .txt)"
  done
  install_npm "$repo/tests/corpus"
fi
