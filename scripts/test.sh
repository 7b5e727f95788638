#!/usr/bin/env bash
# `npm test`: unit (TypeScript and the server's Go packages), integration (real PocketBase over
# HTTP) and e2e (Playwright + Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$PATH"
bash scripts/build-site-if-stale.sh
tsc --noEmit -p tsconfig.json
(cd pocketbase && CGO_ENABLED=0 go test ./...)
vitest run
playwright test
