// A receiver for the integrations' deliveries (Slack's incoming webhook and a customer's signed
// webhook look alike to it): each request is written as a JSON file to E2E_WEBHOOK_DIR for the
// tests to read, and the server's delivery guard is told to allow this one loopback address.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFinishedJson } from '../../helpers/finished-files';
import { startWebhookStandIn } from '../../helpers/webhook-standin';
import type { StandIn } from './types';

export async function webhookStandIn(): Promise<StandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'cro-webhooks-'));
  let n = 0;
  const standIn = await startWebhookStandIn('ok', (r) => writeFinishedJson(dir, String(++n).padStart(6, '0'), r));
  return {
    env: { CRO_INTEGRATION_ALLOW_HOSTS: standIn.hostPort, E2E_WEBHOOK_ORIGIN: standIn.url, E2E_WEBHOOK_DIR: dir },
    stop: standIn.stop,
  };
}
