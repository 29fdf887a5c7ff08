#!/usr/bin/env bash
# What the test suite needs from the machine: Debian's Chromium for the browser tests, nginx for
# the test of the reverse-proxy front (tests/system/nginx-front.test.ts; the tests start their own
# nginx on loopback, never the system service), and the local PostgreSQL server for the second
# engine. Installs or starts them when missing.
set -euo pipefail

packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium fonts-noto-core)
[ -x /usr/sbin/nginx ] || packages+=(nginx)
if [ ${#packages[@]} -gt 0 ]; then
  echo "› installing ${packages[*]} from Debian…" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null
fi

pg_ready() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }
if ! pg_ready; then
  echo "› starting PostgreSQL…" >&2
  if command -v pg_ctlcluster >/dev/null; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start || true
  fi
  for _ in $(seq 1 30); do pg_ready && break; sleep 1; done
  pg_ready || { echo "PostgreSQL is not reachable on 127.0.0.1:5432" >&2; exit 1; }
fi
