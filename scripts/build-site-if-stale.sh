#!/usr/bin/env bash
# Builds the static site when dist/ is missing or older than its sources.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
if [ ! -f dist/index.html ] || [ -n "$(find src content public astro.config.mjs package-lock.json -newer dist/index.html -print -quit 2>/dev/null)" ]; then
  echo "build: building the site (astro build)"
  astro build
fi
