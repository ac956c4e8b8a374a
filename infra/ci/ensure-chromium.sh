#!/usr/bin/env bash
# Browser tests drive Debian's Chromium: nothing here may download a browser of its own.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
/usr/bin/chromium --version
