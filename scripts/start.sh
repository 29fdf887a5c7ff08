#!/usr/bin/env bash
# Quick start: install, build and serve the production site on http://localhost:3000 with demo
# content on the embedded SQLite database (created, migrated and seeded on first start).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/install-deps.sh
source scripts/node24.sh
npm run build
export NODE_ENV=production SEED_DEMO="${SEED_DEMO:-1}" PORT="${PORT:-3000}"
# Production needs its public origin (every absolute URL comes from it); the quick start's is this.
export SITE_URL="${SITE_URL:-http://localhost:$PORT}"
exec node server.ts
