#!/usr/bin/env bash
# Runs a command on Node 24 with the dependencies installed: the npm scripts go through it, so that
# `npm run admin:create` (or any other) works as written in a fresh shell on the machine's own
# Node 20 (issue 43). Inside `npm start` and `npm test`, which have done both already, it only execs.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -z "${NODE24_HOME:-}" ] || [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "24" ]; then
  bash "$ROOT/scripts/install-deps.sh"
  source "$ROOT/scripts/node24.sh"
fi
exec "$@"
