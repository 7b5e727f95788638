// Documents on the Overview: a good upload goes through uploading and analyzing to 'Completed'
// with its details, and can be deleted; a renamed program and a file over 20 MB are refused with
// 'Upload Failed' and the server's reason, and nothing is stored. Documents are a paid feature: a
// Free site's card says so and its upload is refused with the upgrade message.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addSite, createUser, expectToast, newDomain, signInBrowser, superuser } from './helpers';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/documents');

async function openOverview(page: Page, plan = 'starter') {
  const user = await createUser();
  const site = await addSite(user.pb, newDomain('docs'));
  await (await superuser()).collection('sites').update(site.id, { plan_tier: plan });
  await signInBrowser(page, user.pb);
  await page.goto('/dashboard');
  await expect(page.getByTestId('recent-documents')).toContainText('No documents yet');
  return { user, site };
}

// Sign-in, the Overview's first paint and a full upload and analysis: a long flow, with the budget
// of the other long flows (about 10 s on a quiet machine).
test.describe.configure({ timeout: 60_000 });

const documentsOf = async (siteId: string) => (await superuser()).collection('documents').getFullList({ filter: `site_id = "${siteId}"` });

test('a document is uploaded, analysed, shown with its details and deleted', async ({ page }) => {
  const { site } = await openOverview(page);
  // Every value and phase the progress bar shows, as the user would see them go by.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="document-progress"]');
      if (!bar) return;
      const entry = `${bar.querySelector('span')?.textContent} ${bar.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')}`;
      if (seen[seen.length - 1] !== entry) seen.push(entry);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.getByTestId('document-input').setInputFiles({
    name: 'Q3 review.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: readFileSync(resolve(FIXTURES, 'sample.docx')),
  });
  await expectToast(page, 'Success!', 'Document uploaded and analyzed successfully');
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  const values = seen.map((s) => Number(s.split(' ').pop()));
  expect(values).toEqual([...values].sort((a, b) => a - b));
  expect(values[values.length - 1]).toBe(100);
  expect(seen.some((s) => s.startsWith('Uploading…'))).toBe(true);
  expect(seen.some((s) => s.startsWith('Analyzing…'))).toBe(true);

  const row = page.getByTestId('document-row').filter({ hasText: 'Q3 review.docx' });
  await expect(row).toContainText('Completed');
  await row.getByRole('button', { name: 'View details' }).click();
  const details = page.getByTestId('document-details');
  await expect(details).toContainText('Language en');
  await expect(details).toContainText('Analysed by the built-in engine (no AI model configured)');
  await expect(details).toContainText('Customers abandon the checkout because the shipping costs appear too late.');
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: 'Delete Q3 review.docx' }).click();
  await expect(page.getByText('Document deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await documentsOf(site.id)).toHaveLength(0);
});

test('a renamed program and a file over 20 MB are refused with the reason, and nothing is stored', async ({ page }, testInfo) => {
  const { site } = await openOverview(page);
  const exe = Buffer.alloc(4096);
  exe.write('MZ');
  await page.getByTestId('document-input').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: exe });
  await expectToast(page, 'Upload Failed', "The file's content is not a valid .pdf file.");

  // From a file on disk: the browser reads it itself, as it would a user's file.
  const big = testInfo.outputPath('big.txt');
  writeFileSync(big, Buffer.alloc(21 * 1024 * 1024, 'a'));
  await page.getByTestId('document-input').setInputFiles(big);
  await expectToast(page, 'Upload Failed', 'The file is larger than 20 MB.');

  await expect(page.getByTestId('recent-documents')).toContainText('No documents yet');
  expect(await documentsOf(site.id)).toHaveLength(0);
});

test('a Free site is told documents need a paid plan, and its upload is refused with that reason', async ({ page }) => {
  const { site } = await openOverview(page, 'free');
  await expect(page.getByTestId('document-upgrade')).toContainText('Document analysis requires a paid plan.');
  await expect(page.getByTestId('document-upgrade').getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
  await page.getByTestId('document-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: readFileSync(resolve(FIXTURES, 'sample.txt')),
  });
  await expectToast(page, 'Upload Failed', 'Document analysis requires a paid plan. Upgrade at /pricing.');
  expect(await documentsOf(site.id)).toHaveLength(0);
});
