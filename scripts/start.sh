#!/usr/bin/env bash
# `npm start`: builds what is missing and serves the whole product on one port.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-site-if-stale.sh
export PATH="$PWD/node_modules/.bin:$PATH"

data_dir="${PB_DATA_DIR:-.data/pb_data}"
http="${PB_HTTP:-127.0.0.1:8090}"
mkdir -p "$data_dir"
node scripts/ensure-superuser.mjs .bin/cro-server "$data_dir"
# The demo shop (`npm run demo`'s site) at http://demo-shop.localhost:<port>/, which the scan may
# fetch from this address alone; the server takes it only when it is a loopback address.
export CRO_DEMO_SHOP_ADDRESS="${CRO_DEMO_SHOP_ADDRESS-$http}"

echo
echo "  Product:  http://$http"
echo "  Admin UI: http://$http/_/   (superuser credentials in $(dirname "$data_dir")/superuser.txt)"
echo "  Demo:     npm run demo   (in another terminal: a demo account with the whole loop on the demo shop)"
echo
exec .bin/cro-server serve --http="$http" --dir="$data_dir"
