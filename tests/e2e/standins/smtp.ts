// SMTP stand-in: a real SMTP listener on loopback. Each received mail is written as JSON to the
// directory in E2E_MAIL_DIR, where tests read it (tests/e2e/mailbox.ts). Mail links point at the
// e2e server (APP_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT } from '../../../playwright.config';
import { startSmtp } from '../../helpers/smtp';
import type { StandIn } from './types';

export async function smtpStandIn(): Promise<StandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'cro-e2e-mail-'));
  const smtp = await startSmtp({ saveDir: dir });
  return {
    // Mails under a brand (white label) go out from a sender that names no product.
    env: {
      ...smtp.env,
      E2E_MAIL_DIR: dir,
      APP_URL: `http://127.0.0.1:${E2E_PORT}`,
      MAIL_FROM_ADDRESS: 'hello@upliftly.test',
      CRO_WHITE_LABEL_FROM_ADDRESS: 'no-reply@mail-relay.test',
    },
    async stop() {
      await smtp.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
