#!/usr/bin/env bash
# Installs node_modules on Node 24 when package-lock.json or the Node version changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/node24.sh
stamp="node_modules/.install-stamp"
want="$(node -p 'process.version')-$(sha1sum package-lock.json | cut -c1-40)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "› installing dependencies (npm install on Node $(node -v))…" >&2
  # `npm install`, not `npm ci`: the registry mirror lacks some optional platform binaries
  # (e.g. tailwind oxide for android), which npm ci treats as a lockfile mismatch.
  # Native addons (better-sqlite3) build against Node 24's own headers; the machine's npmrc
  # may point node-gyp at Node 20's.
  npm_config_nodedir="$NODE24_HOME" npm install --loglevel=error --no-fund --no-audit
  # npm install may normalise the lockfile; stamp what it left so the next run is a no-op.
  echo "$(node -p 'process.version')-$(sha1sum package-lock.json | cut -c1-40)" > "$stamp"
fi
