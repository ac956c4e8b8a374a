#!/usr/bin/env bash
# The public-answer benchmarks drive load with wrk, a native generator in its own process (a
# generator inside the bench's Node process would be the bottleneck on 2 cores).
set -euo pipefail
if [ -x /usr/bin/wrk ]; then exit 0; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk
/usr/bin/wrk --version 2>&1 | head -1 || true
