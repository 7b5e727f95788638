#!/usr/bin/env bash
# `npm test` (and CI): static checks, then unit (TypeScript and the server's Go packages),
# integration (real PocketBase over HTTP) and e2e (Playwright + Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
# The tests must leave the checkout as they found it (a fresh clone stays clean): compared at the end.
tracked_before="$(git status --porcelain 2>/dev/null || true)"
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

tracked_after="$(git status --porcelain 2>/dev/null || true)"
if [ "$tracked_before" != "$tracked_after" ]; then
  echo "the tests changed the checkout (git status before and after differ):"
  diff <(echo "$tracked_before") <(echo "$tracked_after") || true
  exit 1
fi
