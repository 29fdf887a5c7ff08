#!/usr/bin/env bash
# The whole suite, as CI runs it: types, lint, unit, integration on SQLite and PostgreSQL, the
# built server as processes, then end-to-end in Debian's Chromium against the production build.
# Every lane stops the suite when it fails; each lane's time and the total are printed, the total
# even after a failure. SUITE_LANES=lint,unit runs some lanes only (names as printed).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/install-deps.sh
bash scripts/ensure-services.sh
source scripts/node24.sh

started=$SECONDS
done_lanes=()
lane_name=""
lane_started=0
ticker=""

summary() {
  local status=$?
  [ -n "$ticker" ] && kill "$ticker" 2>/dev/null
  [ -n "$lane_name" ] && done_lanes+=("$(printf '%-12s %5ss  FAILED' "$lane_name" "$((SECONDS - lane_started))")")
  printf '\n\033[1mlanes\033[0m\n'
  for line in "${done_lanes[@]}"; do printf '  %s\n' "$line"; done
  printf 'whole suite: %ss, exit %s\n' "$((SECONDS - started))" "$status"
}
trap summary EXIT

wanted() { [ -z "${SUITE_LANES:-}" ] || [[ ",$SUITE_LANES," == *",$1,"* ]]; }

# Runs one lane; a lane that prints nothing for a minute says it is still going.
lane() {
  local name=$1
  shift
  wanted "$name" || return 0
  printf '\n\033[1m▶ %s\033[0m\n' "$name"
  lane_name=$name
  lane_started=$SECONDS
  (while sleep 60; do printf '  … %s: %ss so far\n' "$name" "$((SECONDS - lane_started))"; done) &
  ticker=$!
  "$@"
  kill "$ticker" 2>/dev/null || true
  ticker=""
  done_lanes+=("$(printf '%-12s %5ss' "$name" "$((SECONDS - lane_started))")")
  lane_name=""
}

types() { npm run --silent typecheck; }
lint() {
  npm run --silent lint
  npm run --silent format:check
}
# In UTC, while the end-to-end server runs in India's zone (playwright.config.ts, issue 26).
unit() { TZ=UTC npx vitest run --project unit --project integration-sqlite --project integration-postgres; }
build() { bash scripts/build-if-changed.sh; }

# Two free loopback ports in a row for the browser tests' servers (the main one and the
# managers'), unless E2E_PORT names the first: never a fixed pair another run may hold.
if [ -z "${E2E_PORT:-}" ]; then
  E2E_PORT=$(node -e '
    const net = require("node:net");
    const free = (port) => new Promise((ok) => {
      const probe = net.createServer().once("error", () => ok(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => ok(true)));
    });
    (async () => {
      for (;;) {
        const port = 20000 + Math.floor(Math.random() * 30000);
        if ((await free(port)) && (await free(port + 1))) return console.log(port);
      }
    })();')
fi
export E2E_PORT

# Lanes that need nothing from each other and a core each (tsc and prettier are single-threaded) run
# side by side, each one's output printed whole when all have ended; a failure still stops the suite.
# The others keep both cores busy on their own: side by side they would only take turns.
together() {
  local dir start=$SECONDS failed="" names=() name
  dir=$(mktemp -d)
  for name in "$@"; do
    wanted "$name" || continue
    names+=("$name")
    # The lane in a subshell of its own, outside any `if`: there `set -e` stops it at its first failure.
    (
      set +e
      (set -e; "$name") >"$dir/$name.log" 2>&1
      echo $? >"$dir/$name.rc"
      echo $((SECONDS - start)) >"$dir/$name.took"
    ) &
  done
  [ ${#names[@]} -gt 0 ] || return 0
  printf '\n\033[1m▶ %s\033[0m (side by side)\n' "${names[*]}"
  wait
  for name in "${names[@]}"; do
    printf '\033[1m%s\033[0m\n' "$name"
    cat "$dir/$name.log"
    local mark=""
    [ "$(cat "$dir/$name.rc")" = 0 ] || { mark="  FAILED"; failed=1; }
    done_lanes+=("$(printf '%-12s %5ss%s' "$name" "$(cat "$dir/$name.took")" "$mark")")
  done
  rm -rf "$dir"
  [ -z "$failed" ]
}

together types lint
lane unit unit
lane build build
lane system npx vitest run --project system
lane e2e npx playwright test
