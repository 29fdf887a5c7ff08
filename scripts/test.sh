#!/usr/bin/env bash
# The whole suite, as CI runs it: types, lint, unit, integration on SQLite and PostgreSQL,
# then end-to-end in Debian's Chromium against the production build.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/install-deps.sh
bash scripts/ensure-services.sh
source scripts/node24.sh

started=$SECONDS
step() { printf '\n\033[1m▶ %s\033[0m\n' "$*"; }

step "types";        npm run --silent typecheck
step "lint";         npm run --silent lint && npm run --silent format:check
step "unit + integration (SQLite and PostgreSQL)"
# In UTC, while the end-to-end server runs in India's zone (playwright.config.ts, issue 26).
TZ=UTC npx vitest run --project unit --project integration-sqlite --project integration-postgres
step "build";        npm run --silent build >/dev/null
step "system (the built server as processes)"; npx vitest run --project system
step "end-to-end (Chromium)"; npx playwright test
printf '\nwhole suite: %ss\n' "$((SECONDS - started))"
