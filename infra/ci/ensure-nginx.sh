#!/usr/bin/env bash
# The several-instances test runs Debian's nginx in front of the app (README 'Several instances').
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx
/usr/sbin/nginx -v
