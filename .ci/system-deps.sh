#!/usr/bin/env bash
# Installs the system packages the browser and scale-out tests need, when we are root.
# Without root those tests skip themselves with a one-line reason.
set -euo pipefail
if [ "$(id -u)" != "0" ]; then
  echo "system-deps: not root, browser and scale-out tests will be skipped"
  exit 0
fi
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
fc-list 2>/dev/null | grep -qi "dejavu" || need+=(fonts-dejavu-core)
# Chinese glyphs for the pages in zh-Hans / zh-Hant (tests/browser/test_languages.py screenshots).
fc-list 2>/dev/null | grep -qi "microhei" || need+=(fonts-wqy-microhei)
if [ ${#need[@]} -gt 0 ]; then
  echo "system-deps: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
