#!/usr/bin/env bash
# `npm test` (and CI): static checks, then unit (TypeScript and the server's Go packages),
# integration (real PocketBase over HTTP) and e2e (Playwright + Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$PATH:/usr/local/go/bin"

# Static checks first: they fail in seconds where the test layers take minutes.
eslint . --max-warnings 0
prettier --check . --log-level warn
unformatted="$(gofmt -l pocketbase tools)"
if [ -n "$unformatted" ]; then
  echo "gofmt: these files are not formatted (run gofmt -w):"
  echo "$unformatted"
  exit 1
fi

bash scripts/build-site-if-stale.sh # also writes .astro/types.d.ts, which the typecheck reads
tsc --noEmit -p tsconfig.json
tsc -p pocketbase/tsconfig.json # hooks and migrations against PocketBase's generated declarations
(cd pocketbase && CGO_ENABLED=0 go vet ./... && CGO_ENABLED=0 go test ./...)
vitest run
playwright test
