// Reads the mails the SMTP stand-in received (JSON files in E2E_MAIL_DIR).
import { expect } from '@playwright/test';
import { readFinishedJson } from '../helpers/finished-files';
import type { ReceivedMail } from '../helpers/smtp';

export function receivedMails(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: is the SMTP stand-in registered?');
  return readFinishedJson<ReceivedMail>(dir);
}

/** Waits for a mail to `to` whose subject starts with `subject`. */
export async function waitForMail(to: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = receivedMails().find((m) => m.to.includes(to) && m.subject.startsWith(subject))), { timeout: 10_000 })
    .toBeTruthy();
  return found!;
}
