// Starts the production server (PocketBase serving dist/) for the e2e run, the same way the
// integration tests start it, and stops it afterwards.
import { resolve } from 'node:path';
import { startPocketBase } from '../helpers/pocketbase';
import { E2E_PORT } from '../../playwright.config';

export default async function globalSetup() {
  const server = await startPocketBase({ port: E2E_PORT, siteDir: resolve(import.meta.dirname, '../../dist') });
  process.env.E2E_SUPERUSER_URL = server.url;
  return async () => server.stop();
}
