#!/usr/bin/env bash
# Installs and builds what is missing or stale: npm packages and the PocketBase binary.
# Idempotent and quick when everything is current; every other script calls it first.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH:/usr/local/go/bin"

if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  # npm ci would reject the lock: this registry has no other-platform optional binaries
  npm install --no-audit --no-fund
fi

node scripts/build-tracker.mjs # embedded into the server binary
server=.bin/cro-server
# The binary embeds the trackers (*.gen.js) and the API's OpenAPI document: their changes rebuild it too.
if [ ! -x "$server" ] || [ -n "$(find pocketbase -path pocketbase/pb_data -prune -o \( -name '*.go' -o -name go.mod -o -name go.sum -o -name '*.gen.js' -o -name openapi.json \) -newer "$server" -print)" ]; then
  echo "setup: building the PocketBase server from source (go build)"
  start=$(date +%s)
  (cd pocketbase && CGO_ENABLED=0 go build -trimpath -o "../$server" .)
  echo "setup: server built in $(( $(date +%s) - start ))s"
fi

# The experiment statistics engine as a stdin-to-stdout command (scripts/experiment-stats.mjs runs it).
stats_cli=.bin/experiment-stats
if [ ! -x "$stats_cli" ] || [ -n "$(find pocketbase/experiments pocketbase/cmd/experimentstats pocketbase/go.mod pocketbase/go.sum -newer "$stats_cli" -print)" ]; then
  echo "setup: building the experiment statistics command (go build)"
  (cd pocketbase && CGO_ENABLED=0 go build -trimpath -o "../$stats_cli" ./cmd/experimentstats)
fi

# Reads report files back for the reports' tests (a PDF's pages and text, an Excel workbook's cells).
inspect_cli=.bin/report-inspect
if [ ! -x "$inspect_cli" ] || [ -n "$(find pocketbase/cmd/report-inspect pocketbase/go.mod pocketbase/go.sum -newer "$inspect_cli" -print)" ]; then
  echo "setup: building the report inspection command (go build)"
  (cd pocketbase && CGO_ENABLED=0 go build -trimpath -o "../$inspect_cli" ./cmd/report-inspect)
fi

# Writes the document decompression bombs (pocketbase/docs/docstest) for their integration test and benchmark.
bombs_cli=.bin/doc-bombs
if [ ! -x "$bombs_cli" ] || [ -n "$(find pocketbase/docs/docstest pocketbase/cmd/doc-bombs pocketbase/go.mod pocketbase/go.sum -newer "$bombs_cli" -print)" ]; then
  echo "setup: building the document bombs command (go build)"
  (cd pocketbase && CGO_ENABLED=0 go build -trimpath -o "../$bombs_cli" ./cmd/doc-bombs)
fi

# PocketBase's declarations for the hooks' type-check (pocketbase/tsconfig.json): the jsvm plugin
# writes them when the app bootstraps, so the binary runs once against a throwaway data dir.
types=pocketbase/pb_data/types.d.ts
if [ ! -f "$types" ] || [ "$server" -nt "$types" ]; then
  echo "setup: writing PocketBase's hook declarations ($types)"
  scratch=$(mktemp -d)
  "$server" --dir="$scratch" --typesDir="$(dirname "$types")" >/dev/null
  rm -rf "$scratch"
  touch "$types" # PocketBase skips the write when the file is current, which keeps the old mtime
fi

# stripe-mock (Stripe's official API mock) for the payment tests, built from its pinned Go module.
if [ ! -x .bin/stripe-mock ] || [ tools/stripe-mock/go.mod -nt .bin/stripe-mock ]; then
  echo "setup: building stripe-mock from source (go build)"
  (cd tools/stripe-mock && CGO_ENABLED=0 go build -trimpath -o ../../.bin/stripe-mock github.com/stripe/stripe-mock)
fi

# pebble (Let's Encrypt's ACME test server) for the edge's certificate tests, built from its pinned
# Go module; its own TLS certificate and the CA that signed it are copied beside it from the module.
if [ ! -x .bin/pebble ] || [ tools/pebble/go.mod -nt .bin/pebble ]; then
  echo "setup: building pebble from source (go build)"
  (cd tools/pebble && CGO_ENABLED=0 go build -trimpath -o ../../.bin/pebble github.com/letsencrypt/pebble/v2/cmd/pebble)
  certs=$(cd tools/pebble && go list -m -f '{{.Dir}}' github.com/letsencrypt/pebble/v2)/test/certs
  mkdir -p .bin/pebble-certs
  cp "$certs/pebble.minica.pem" "$certs/localhost/cert.pem" "$certs/localhost/key.pem" .bin/pebble-certs/
  chmod 644 .bin/pebble-certs/*
fi

node scripts/build-hooks-lib.mjs
