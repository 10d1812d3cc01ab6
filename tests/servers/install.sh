#!/usr/bin/env bash
# Install the pinned MCP servers that scripts/record_servers.py records:
#   PyPI servers (requirements.txt)      -> <repo>/.servers/venv   (created if missing)
#   npm servers  (package-lock.json)     -> tests/servers/node_modules (npm ci)
# Idempotent: each half is skipped when its pin file has not changed since it was last
# installed (a stamp file holds the pin file's sha256). --force reinstalls both.
# Environment: PYTHON (default python3.11, else python3) makes the venv.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="$repo/.servers/venv"
force=0
for arg in "$@"; do
  case "$arg" in
    --force) force=1 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done

sha() { sha256sum "$1" | cut -d' ' -f1; }

# --- PyPI servers -------------------------------------------------------------------------
py_stamp="$venv/.mcp2openai-requirements.sha256"
py_want="$(sha "$here/requirements.txt")"
if [[ $force == 0 && -x "$venv/bin/python" && -f "$py_stamp" && "$(cat "$py_stamp")" == "$py_want" ]]; then
  echo "install.sh: PyPI servers up to date in $venv"
else
  if [[ ! -x "$venv/bin/python" ]]; then
    python="${PYTHON:-$(command -v python3.11 || command -v python3)}"
    echo "install.sh: creating $venv with $python"
    "$python" -m venv "$venv"
  fi
  echo "install.sh: installing PyPI servers into $venv"
  "$venv/bin/python" -m pip install --disable-pip-version-check --quiet -r "$here/requirements.txt"
  echo "$py_want" > "$py_stamp"
fi

# --- npm servers --------------------------------------------------------------------------
command -v npm >/dev/null || { echo "install.sh: npm is not installed" >&2; exit 1; }
npm_stamp="$here/node_modules/.mcp2openai-lock.sha256"
npm_want="$(sha "$here/package-lock.json")"
if [[ $force == 0 && -f "$npm_stamp" && "$(cat "$npm_stamp")" == "$npm_want" ]]; then
  echo "install.sh: npm servers up to date in $here/node_modules"
else
  echo "install.sh: npm ci in $here"
  # --ignore-scripts: no server needs an install script to run, and some (tldjs) would
  # try the network; newer npm skips unapproved scripts anyway.
  (cd "$here" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
  echo "$npm_want" > "$npm_stamp"
fi
