#!/usr/bin/env bash
# `npm test`: unit, integration (real PocketBase over HTTP) and e2e (Playwright + Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$PATH"
bash scripts/build-site-if-stale.sh
tsc --noEmit -p tsconfig.json
vitest run
playwright test
