#!/usr/bin/env bash
# Quick start: install, build (when the sources changed) and serve the production site on
# http://localhost:3000 with demo content on the embedded SQLite database (created, migrated and
# seeded on first start).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/install-deps.sh
source scripts/node24.sh
bash scripts/build-if-changed.sh
export NODE_ENV=production SEED_DEMO="${SEED_DEMO:-1}" PORT="${PORT:-3000}"
# Production needs its public origin (every absolute URL comes from it). Without one given, the
# quick start's is localhost, and it also answers on the other loopback names a person types
# (127.0.0.1, [::1]); an explicit SITE_URL keeps the strict host check (docs/deploy.md).
if [ -z "${SITE_URL:-}" ]; then
  export SITE_URL="http://localhost:$PORT"
  export ALLOWED_HOSTS="127.0.0.1:$PORT,[::1]:$PORT${ALLOWED_HOSTS:+,$ALLOWED_HOSTS}"
  export HOST="${HOST:-::}"
fi
echo "› serving $SITE_URL (logs below as JSON lines; stop with Ctrl-C)" >&2
exec node server.ts
