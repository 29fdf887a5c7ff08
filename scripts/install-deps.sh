#!/usr/bin/env bash
# Installs node_modules on Node 24 when package-lock.json or the Node version changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/node24.sh
stamp="node_modules/.install-stamp"
# "+dev": the build and the scripts need the devDependencies; a stamp written by an install that
# left them out (NODE_ENV=production, before issue 22) does not count.
want() { echo "$(node -p 'process.version')-$(sha1sum package-lock.json | cut -c1-40)+dev"; }
# What the build and the admin scripts run: an install without them is not complete.
complete() { [ -x node_modules/.bin/react-router ] && [ -x node_modules/.bin/tsx ] && [ -d node_modules/better-sqlite3 ]; }
if [ "$(cat "$stamp" 2>/dev/null)" != "$(want)" ] || ! complete; then
  rm -f "$stamp"
  echo "› installing dependencies (npm install on Node $(node -v))…" >&2
  # `npm install`, not `npm ci`: the registry mirror lacks some optional platform binaries
  # (e.g. tailwind oxide for android), which npm ci treats as a lockfile mismatch.
  # Native addons (better-sqlite3) build against Node 24's own headers; the machine's npmrc
  # may point node-gyp at Node 20's. --include=dev whatever NODE_ENV says: npm leaves the
  # devDependencies out under NODE_ENV=production, and the build is made with them.
  npm_config_nodedir="$NODE24_HOME" npm install --include=dev --loglevel=error --no-fund --no-audit
  complete || { echo "npm install left the build tools out of node_modules" >&2; exit 1; }
  # npm install may normalise the lockfile; stamp what it left so the next run is a no-op.
  want > "$stamp"
fi
