#!/usr/bin/env bash
# Builds the production bundle into BUILD_DIR (default build/) unless it was built from these very
# sources: a stamp over every file the build reads, the lockfile and Node's version (issue 43:
# a restart must not cost a 30 s rebuild). The build's listing goes to .cache/build.log.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
out="${BUILD_DIR:-build}"
stamp_file="$out/.build-stamp"
inputs=(app server public server.ts vite.config.ts react-router.config.ts tsconfig.json package-lock.json
  scripts/build-precompress.ts scripts/build-preload-helper.ts)
stamp=$( (node -v; find "${inputs[@]}" -type f -print0 | sort -z | xargs -0 sha1sum) | sha1sum | cut -c1-40)
if [ -f "$out/server/index.js" ] && [ "$(cat "$stamp_file" 2>/dev/null)" = "$stamp" ]; then
  exit 0
fi
mkdir -p .cache
echo "› building the site (listing in .cache/build.log)…" >&2
if ! npx react-router build >.cache/build.log 2>&1; then
  tail -n 40 .cache/build.log >&2
  echo "the build failed: the whole listing is in .cache/build.log" >&2
  exit 1
fi
echo "$stamp" >"$stamp_file"
