#!/usr/bin/env bash
# `npm run dev`: PocketBase with hook reloading on :8090 and Astro's dev server (proxying /api).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$PATH"
data_dir="${PB_DATA_DIR:-.data/pb_data}"
mkdir -p "$data_dir"
node scripts/ensure-superuser.mjs .bin/cro-server "$data_dir"
CRO_DEMO_SHOP_ADDRESS="${CRO_DEMO_SHOP_ADDRESS-127.0.0.1:8090}" .bin/cro-server serve --http=127.0.0.1:8090 --dir="$data_dir" --hooksWatch --dev &
pb=$!
trap 'kill $pb 2>/dev/null' EXIT
astro dev --host 127.0.0.1
