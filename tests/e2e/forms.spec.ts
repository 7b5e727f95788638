// Form analytics end to end in Chromium, without setup: three visitors of a Growth site fill the
// fixture shop's contact form; two send it, one refills the phone field and leaves there. The Forms
// screen shows 3 starts, 2 submissions, the abandonment at the phone field and the refill, and no
// value typed appears in anything the server stored (form views, events, recordings).
import { expect, test, type BrowserContext } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { addSite, createUser, newDomain, signInBrowser, superuser } from './dashboard/helpers';
import { leave, visitorBrowser } from './visitors';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitorContext = visitorBrowser();
test.describe.configure({ timeout: 120_000 });

const TYPED = ['Grace Hopper', 'grace.hopper@example.net', '+46 70 555 01 23', '+46 70 555 98 76', 'Ship it by Friday'];

async function fillContact(ctx: BrowserContext, key: string, send: boolean): Promise<void> {
  const page = await ctx.newPage();
  const chunk = page.waitForRequest((r) => r.url().includes('/t/f/'));
  await page.goto(`${SHOP}/contact?cro_key=${key}`);
  await chunk;
  await page.waitForTimeout(300); // the chunk has started watching
  await page.locator('#contact-name').pressSequentially(TYPED[0]!, { delay: 15 });
  await page.locator('#contact-email').pressSequentially(TYPED[1]!, { delay: 15 });
  await page.locator('#contact-phone').pressSequentially(TYPED[2]!, { delay: 15 });
  if (send) {
    await page.locator('#contact-message').pressSequentially(TYPED[4]!, { delay: 15 });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
  } else {
    await page.locator('#contact-phone').fill(''); // cleared, then typed again: a refill
    await page.locator('#contact-phone').pressSequentially(TYPED[3]!, { delay: 15 });
    await page.waitForTimeout(300);
  }
  await leave(ctx);
}

test('three visitors fill a form; the Forms screen shows starts, submissions, the phone drop-off and the refill, and no value is stored', async ({
  page,
}) => {
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('forms'))) as unknown as { id: string; public_key: string };
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth' });

  await fillContact(await visitorContext(), site.public_key, true);
  await fillContact(await visitorContext(), site.public_key, true);
  await fillContact(await visitorContext(), site.public_key, false);

  type Report = { forms: { selector: string; starts: number; submissions: number }[] };
  await expect
    .poll(
      async () => {
        const r = await owner.pb.send<Report>(`/api/cro/forms/${site.id}?days=7`, {});
        const f = r.forms.find((x) => x.selector === '#contact-form');
        return f ? [f.starts, f.submissions] : null;
      },
      { timeout: 20_000 },
    )
    .toEqual([3, 2]);

  // Nothing typed is stored anywhere: form views, events, recordings.
  const views = await admin.collection('form_views').getFullList({ filter: `site_id = "${site.id}"` });
  const events = await admin.collection('events').getFullList({ filter: `site_id = "${site.id}"` });
  const root = join(process.env.E2E_DATA_DIR ?? '', 'recordings', site.id);
  const chunks = existsSync(root)
    ? readdirSync(root).flatMap((s) => readdirSync(join(root, s)).map((f) => gunzipSync(readFileSync(join(root, s, f))).toString('utf8')))
    : [];
  const stored = JSON.stringify(views) + JSON.stringify(events) + chunks.join('\n');
  expect(views.length).toBeGreaterThanOrEqual(3);
  for (const secret of [...TYPED, 'grace.hopper', 'Hopper', 'Friday', '70 555']) expect(stored).not.toContain(secret);

  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/forms');
  const row = page.getByTestId('form-row').filter({ hasText: '#contact-form' });
  await expect(row.getByTestId('form-starts')).toHaveText('3');
  await expect(row.getByTestId('form-submissions')).toHaveText('2');
  await expect(row.getByTestId('form-abandonment')).toHaveText('33% (1)');
  await row.getByRole('button', { name: 'Fields' }).click();
  const phone = row.locator('[data-testid=form-field][data-field=phone]');
  await expect(phone.getByTestId('field-abandoned')).toHaveText('1');
  await expect(phone.getByTestId('field-refills')).toHaveText('1');
  await expect(row.locator('[data-testid=form-field][data-field=message]').getByTestId('field-abandoned')).toHaveText('0');
});
