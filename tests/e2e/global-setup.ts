// Starts the local stand-ins and the production server (PocketBase serving dist/) for the e2e run,
// the same way the integration tests start it, and stops them afterwards.
import { resolve } from 'node:path';
import { startPocketBase } from '../helpers/pocketbase';
import { E2E_PORT } from '../../playwright.config';
import { standIns } from './standins';

export default async function globalSetup() {
  const started = await Promise.all(standIns.map((start) => start()));
  const env = Object.assign({}, ...started.map((s) => s.env)) as Record<string, string>;
  Object.assign(process.env, env); // tests can reach the stand-ins too
  // The A/B tests' guardrails are checked every 2 s instead of 5 minutes, so a breach pauses its test within a test's time.
  const server = await startPocketBase({
    port: E2E_PORT,
    siteDir: resolve(import.meta.dirname, '../../dist'),
    env: { ...env, CRO_GUARDRAIL_INTERVAL_SECONDS: '2' },
  });
  process.env.E2E_DATA_DIR = server.dataDir; // tests may read what the server stored (recordings' chunk files)
  return async () => {
    await server.stop();
    await Promise.all(started.map((s) => s.stop()));
  };
}
