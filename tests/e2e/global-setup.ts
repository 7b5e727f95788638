// Starts the local stand-ins and the production server (PocketBase serving dist/) for the e2e run,
// the same way the integration tests start it, and stops them afterwards.
import { resolve } from 'node:path';
import { startPocketBase } from '../helpers/pocketbase';
import { E2E_PORT } from '../../playwright.config';
import { standIns } from './standins';

const LIST_VARIABLES = ['CRO_SCAN_ALLOW_HOSTS', 'CRO_SCAN_RESOLVE', 'CRO_COLLECT_ALLOWED_ORIGINS'];

export default async function globalSetup() {
  const started = await Promise.all(standIns.map((start) => start()));
  // Lists several stand-ins add to (the fetcher's allowed test hosts and name pins) are joined.
  const env: Record<string, string> = {};
  for (const s of started) {
    for (const [k, v] of Object.entries(s.env)) env[k] = LIST_VARIABLES.includes(k) && env[k] ? `${env[k]},${v}` : v;
  }
  Object.assign(process.env, env); // tests can reach the stand-ins too
  // The A/B tests' guardrails are checked every 2 s instead of 5 minutes, so a breach pauses its test within a test's time;
  // sessions' frustration signals are computed every 2 s instead of 30.
  const server = await startPocketBase({
    port: E2E_PORT,
    siteDir: resolve(import.meta.dirname, '../../dist'),
    // The demo shop on demo-shop.localhost (the demo's site, tests/e2e/demo-loop.spec.ts).
    env: {
      ...env,
      CRO_GUARDRAIL_INTERVAL_SECONDS: '2',
      CRO_FRUSTRATION_INTERVAL_SECONDS: '2',
      CRO_DEMO_SHOP_ADDRESS: `127.0.0.1:${E2E_PORT}`,
      // Every simulated visitor of every spec comes from 127.0.0.1, one client to the collect
      // endpoint: a spec that posts fast (the demo's traffic) spent that client's rate, and a
      // browser visitor's beacon sent meanwhile got 429 and was lost (ecommerce.spec lost a cart
      // in CI while demo-loop ran beside it). Per-client limits are tested on their own server
      // (tests/integration/analytics/limits.test.ts); the per-site limits stay on here.
      CRO_COLLECT_CLIENT_RPS: '0',
    },
  });
  process.env.E2E_DATA_DIR = server.dataDir; // tests may read what the server stored (recordings' chunk files)
  return async () => {
    await server.stop();
    await Promise.all(started.map((s) => s.stop()));
  };
}
