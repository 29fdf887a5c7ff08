#!/usr/bin/env bash
# What the test suite needs from the machine, each package checked on its own (issue 43): the
# suite's result must not depend on what happened to be installed before.
#   chromium        the browser tests (Debian's, never a downloaded one)
#   fonts-noto-core the font the layout tests measure with (support/system-font.ts checks it)
#   nginx           the reverse-proxy front's test (tests/system/nginx-front.test.ts starts its own)
#   fontconfig      fc-list, with which the tests check the font
# and the local PostgreSQL server for the second engine. Installs or starts what is missing.
set -euo pipefail

has_package() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

packages=()
for package in chromium fonts-noto-core nginx fontconfig; do
  has_package "$package" || packages+=("$package")
done
if [ ${#packages[@]} -gt 0 ]; then
  echo "› installing ${packages[*]} from Debian…" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null
fi
for package in "${packages[@]}"; do
  has_package "$package" || { echo "could not install $package from Debian" >&2; exit 1; }
done

pg_ready() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }
if ! pg_ready; then
  echo "› starting PostgreSQL…" >&2
  if command -v pg_ctlcluster >/dev/null; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start || true
  fi
  for _ in $(seq 1 30); do pg_ready && break; sleep 1; done
  pg_ready || { echo "PostgreSQL is not reachable on 127.0.0.1:5432" >&2; exit 1; }
fi
