#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (test tools' own browser downloads are blocked here).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests (apt-get)..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Browser tests need Chromium at $CHROMIUM. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)." >&2
exit 1
