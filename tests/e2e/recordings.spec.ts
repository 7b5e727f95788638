// Session recordings end to end in Chromium: a visitor of a Growth site's sign-up page types an
// email, a password and a card number and clicks around; the chunks the server stored (gunzipped
// from its data directory) hold none of it, nor the text of a cro-block element; the owner finds
// the recording with its page and duration and plays it. A Starter site's tracker never fetches
// the recorder, and its chunks are refused. Analytics lists every session, with 'Watch Replay' on
// recorded ones (on plans with recordings), which opens the player on that session.
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type PocketBase from 'pocketbase';
import { formatDuration } from '../../src/lib/recordings/format';
import { BASE, addSite, createUser, newDomain, signInBrowser, superuser } from './dashboard/helpers';
import { visitorBrowser, leave } from './visitors';
import { expectNoSeriousViolations } from './axe';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitorContext = visitorBrowser();
// A visit of several seconds, its ingest, then the dashboard and the player: longer than the default.
test.describe.configure({ timeout: 90_000 });

const EMAIL = 'ada.lovelace@example.net';
const PASSWORD = 'Analytical-Engine-1843';
const CARD = '4242424242424242';
const SECRET = '99-SECRET-4471';

async function ownerWithSite(plan: 'growth' | 'starter'): Promise<{ pb: PocketBase; site: { id: string; public_key: string } }> {
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('rec'))) as unknown as { id: string; public_key: string };
  await (await superuser()).collection('sites').update(site.id, { plan_tier: plan });
  return { pb: owner.pb, site };
}

/** Every stored chunk of a site, gunzipped, as text. */
function storedChunks(siteId: string): string[] {
  const root = join(process.env.E2E_DATA_DIR ?? '', 'recordings', siteId);
  const out: string[] = [];
  for (const session of readdirSync(root)) {
    for (const file of readdirSync(join(root, session))) {
      if (file.endsWith('.json.gz')) out.push(gunzipSync(readFileSync(join(root, session, file))).toString('utf8'));
    }
  }
  return out;
}

const recordingOf = async (pb: PocketBase, siteId: string) =>
  (await pb.collection('session_recordings').getList(1, 5, { filter: `site_id = "${siteId}"` })).items;

/** Posts one small chunk as the recorder would (a page view of /thanks a few seconds ago). */
async function postChunk(key: string, session: string): Promise<Response> {
  const at = Date.now() - 5000;
  const body = gzipSync(
    JSON.stringify([
      { type: 4, timestamp: at, data: { href: `${SHOP}/thanks`, width: 1280, height: 720 } },
      { type: 3, timestamp: at + 3000, data: { source: 0, adds: [], removes: [], texts: [], attributes: [] } },
    ]),
  );
  return fetch(`${BASE}/api/cro/recordings?k=${key}&s=${session}&v=othervisitor`, {
    method: 'POST',
    body,
    headers: { Origin: SHOP, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36' },
  });
}

/** Posts one page view of a session as the tracker would (to the collect endpoint). */
function collectPageView(key: string, session: string, path: string): Promise<Response> {
  return fetch(`${BASE}/api/cro/collect`, {
    method: 'POST',
    body: JSON.stringify({ k: key, v: 'othervisitor', s: session, e: [{ t: 'pv', ts: Date.now() - 4000, p: path }] }),
    headers: { 'Content-Type': 'text/plain', Origin: SHOP, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36' },
  });
}

async function visitJoinPage(page: Page, key: string): Promise<void> {
  const recorder = page.waitForRequest((r) => r.url().includes('/t/r/'));
  await page.goto(`${SHOP}/join?cro_key=${key}`);
  await recorder; // fetched once the page was idle
  await page.waitForTimeout(500); // the recorder's first full snapshot
  await page.locator('#join-email').pressSequentially(EMAIL, { delay: 20 });
  await page.locator('#join-password').pressSequentially(PASSWORD, { delay: 20 });
  await page.locator('#join-card').pressSequentially(CARD, { delay: 20 });
  // Three quick clicks on one spot: a rage click.
  const box = (await page.getByRole('button', { name: 'Create account' }).boundingBox())!;
  for (let i = 0; i < 3; i++) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.locator('#join-status')).toHaveText('Welcome aboard');
  await page.getByRole('heading', { name: 'Join Fixture Outfitters' }).click();
  await page.waitForTimeout(1500);
}

test('a Growth site records a visit with everything private masked in the browser, and the owner replays it', async ({ page }) => {
  const { pb, site } = await ownerWithSite('growth');
  const ctx = await visitorContext();
  const visitor = await ctx.newPage();
  const started = Date.now();
  await visitJoinPage(visitor, site.public_key);
  const elapsed = (Date.now() - started) / 1000;
  await leave(ctx); // page hide: the last chunk goes with sendBeacon

  await expect.poll(async () => (await recordingOf(pb, site.id))[0]?.clicks ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
  const [rec] = await recordingOf(pb, site.id);
  expect(rec).toMatchObject({
    page_url: `${SHOP}/join`,
    pages: [`${SHOP}/join`],
    pages_count: 1,
    device_type: 'desktop',
    browser: 'Chrome',
  });
  // One rage burst on the button, as click maps count it (the frustration signals, in the background).
  await expect.poll(async () => (await recordingOf(pb, site.id))[0]?.rage_clicks, { timeout: 15_000 }).toBe(1);
  expect(rec!.duration_seconds).toBeGreaterThanOrEqual(Math.floor(elapsed) - 4);
  expect(rec!.duration_seconds).toBeLessThanOrEqual(Math.ceil(elapsed) + 1);

  const chunks = storedChunks(site.id);
  expect(chunks.length).toBe(rec!.chunks);
  const all = chunks.join('\n');
  expect(all).toContain('Join Fixture Outfitters'); // the page itself is there
  expect(all).toContain('Welcome aboard'); // and what the click changed
  for (const secret of [EMAIL, 'ada.lovelace', PASSWORD, CARD, '4242', SECRET, 'Ada Lovelace']) expect(all).not.toContain(secret);
  expect(all).not.toContain('cro_key='); // page addresses leave the browser without their query

  // The overview counts today's recordings and follows new ones live.
  await signInBrowser(page, pb);
  await page.goto('/dashboard');
  await expect(page.getByTestId('kpi-cards')).toBeVisible();
  await expect(page.getByTestId('recordings-today')).toHaveText('1 recorded today');
  expect((await postChunk(site.public_key, 'secondsession')).status).toBe(202);
  await expect(page.getByTestId('recordings-today')).toHaveText('2 recorded today');

  // The owner's list and player.
  await page.goto('/dashboard/recordings');
  await expect(page.getByRole('tab', { name: 'Session Recordings' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('recording-row').filter({ hasText: '/join' });
  await expect(page.getByTestId('recording-row')).toHaveCount(2);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('recording-page')).toHaveText('/join');
  await expect(row.getByTestId('recording-duration')).toHaveText(formatDuration(rec!.duration_seconds));
  await expectNoSeriousViolations(page);
  await row.getByRole('button', { name: 'Watch Replay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Session replay' });
  const replayed = dialog.frameLocator('[data-testid=replay-frame] iframe');
  await expect(replayed.getByRole('heading', { name: 'Join Fixture Outfitters' })).toBeVisible();
  await expect(dialog.getByTestId('mark-click')).toHaveCount(rec!.clicks);
  await expect(dialog.getByTestId('mark-page')).not.toHaveCount(0);
  // Before playing, the frame shows the page as it loaded; what the click changed comes only with playing.
  await expect(replayed.getByText('Welcome aboard')).toHaveCount(0);
  // At 8x the visit (several seconds of typing before the click) plays in about a second: so short
  // that the Pause state may be over before a check sees it (it was, on a busy machine), so the
  // test follows the replay to its end instead, where the button offers Play again.
  await dialog.getByLabel('Speed').selectOption('8');
  await dialog.getByRole('button', { name: 'Play' }).click();
  await expect(replayed.getByText('Welcome aboard')).toBeVisible();
  await expect(dialog.getByTestId('replay-time')).toHaveText(new RegExp(`^(.+) / \\1$`));
  await expect(dialog.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(replayed.getByText(SECRET)).toHaveCount(0);
});

test('a Starter site never loads the recorder, its chunks are refused, and its owner sees the upgrade card', async ({ page }) => {
  const { pb, site } = await ownerWithSite('starter');
  const ctx = await visitorContext();
  const visitor = await ctx.newPage();
  const recorderRequests: string[] = [];
  visitor.on('request', (r) => {
    if (r.url().includes('/t/r/') || r.url().includes('/api/cro/recordings')) recorderRequests.push(r.url());
  });
  const collected = visitor.waitForRequest((r) => r.url().includes('/api/cro/collect'));
  await visitor.goto(`${SHOP}/join?cro_key=${site.public_key}`);
  await collected; // the tracker ran its idle start
  await visitor.locator('#join-email').fill(EMAIL);
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await visitor.waitForTimeout(1500);
  await ctx.close();
  expect(recorderRequests).toEqual([]);

  const res = await postChunk(site.public_key, 'starter0session');
  expect(res.status).toBe(403);
  expect((await res.json()).message).toBe('Session recordings and heatmaps requires the Growth plan or higher. Upgrade at /pricing.');
  expect(await recordingOf(pb, site.id)).toEqual([]);

  await signInBrowser(page, pb);
  await page.goto('/dashboard/recordings');
  // Starter's basic heatmaps: click maps only, and a note on what Growth adds.
  await expect(page.getByTestId('basic-heatmaps-note')).toContainText('Session recordings and scroll maps come with the Growth plan.');
  await expect(page.getByRole('tab', { name: 'Session Recordings' })).toHaveCount(0);
});

test('the owner changes the recording settings in Settings; a bad value is explained and nothing is saved', async ({ page }) => {
  const { pb, site } = await ownerWithSite('growth');
  await signInBrowser(page, pb);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Optimization' }).click();
  const card = page.getByTestId('recording-settings');
  await expect(card.getByLabel('Recorded sessions (%)')).toHaveValue('100');
  await card.getByLabel('Recorded sessions (%)').fill('150');
  await card.getByRole('button', { name: 'Save Recording Settings' }).click();
  await expect(card.getByRole('alert')).toHaveText('Recorded sessions must be a whole percentage from 0 to 100.');
  expect((await pb.collection('sites').getOne(site.id)).recording_sample_rate).toBe(100);

  await card.getByLabel('Recorded sessions (%)').fill('40');
  await card.getByLabel('Never record these pages (one URL pattern per line)').fill('/account/*');
  await card.getByRole('button', { name: 'Save Recording Settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect.poll(async () => (await pb.collection('sites').getOne(site.id)).recording_sample_rate).toBe(40);
  expect((await pb.collection('sites').getOne(site.id)).recording_exclude).toBe('/account/*');
  const script = await (await fetch(`${BASE}/t/${site.public_key}.js`)).text();
  // Growth sites get the forms chunk in the recorder's slot; it loads the recorder with the recorder's own config (rv).
  expect(script).toMatch(
    /"v":\{"u":"\/t\/f\/[0-9a-f]+\.js","s":100,"fa":1,"rv":\{"u":"\/t\/r\/[0-9a-f]+\.js","s":40,"e":\["\/account\/\*"\]\}\}/,
  );
});

test("Analytics lists every session, 'Watch Replay' only on recorded ones, which opens the player; without recordings in the plan, none", async ({
  page,
}) => {
  const { pb, site } = await ownerWithSite('growth');
  const ctx = await visitorContext();
  const visitor = await ctx.newPage();
  const recorder = visitor.waitForRequest((r) => r.url().includes('/t/r/'));
  await visitor.goto(`${SHOP}/join?cro_key=${site.public_key}`);
  await recorder;
  await visitor.waitForTimeout(500); // the recorder's first full snapshot
  await visitor.getByRole('heading', { name: 'Join Fixture Outfitters' }).click();
  await visitor.waitForTimeout(1000);
  await leave(ctx); // page hide: the last chunk goes with sendBeacon
  await expect.poll(async () => (await recordingOf(pb, site.id)).length, { timeout: 15_000 }).toBe(1);
  const [rec] = await recordingOf(pb, site.id);
  // Another recorded session, so the link has to pick the right one, and a session never recorded.
  expect((await collectPageView(site.public_key, 'othersession', '/thanks')).status).toBe(202);
  expect((await postChunk(site.public_key, 'othersession')).status).toBe(202);
  expect((await collectPageView(site.public_key, 'unrecordedsession', '/pricing')).status).toBe(202);

  await signInBrowser(page, pb);
  await page.goto('/dashboard/analytics');
  const recent = page.getByTestId('recent-sessions');
  const rowOf = (path: string) =>
    recent.getByTestId('recent-session').filter({ has: page.getByTestId('recent-session-page').getByText(path, { exact: true }) });
  await expect(recent.getByTestId('recent-session')).toHaveCount(3);
  await expect(recent.getByRole('link', { name: 'Watch Replay' })).toHaveCount(2);
  await expect(rowOf('/thanks').getByRole('link', { name: 'Watch Replay' })).toBeVisible();
  await expect(rowOf('/pricing')).toBeVisible();
  await expect(rowOf('/pricing').getByRole('link', { name: 'Watch Replay' })).toHaveCount(0);
  // The row shows the session as the event store measured it (the tracker's time on the page).
  const listed = await pb.send<{ items: { sessionId: string; durationSeconds: number }[] }>(
    `/api/cro/analytics/${site.id}/sessions?days=30`,
    { requestKey: null },
  );
  const joined = listed.items.find((s) => s.sessionId === rec!.session_id)!;
  await expect(rowOf('/join')).toContainText(`${formatDuration(joined.durationSeconds)} · 1 page · desktop · Chrome`);
  await expectNoSeriousViolations(page, { include: '[data-testid=recent-sessions]' });
  await rowOf('/join').getByRole('link', { name: 'Watch Replay' }).click();

  await expect(page).toHaveURL(`${BASE}/dashboard/recordings?session=${rec!.session_id}`);
  const dialog = page.getByRole('dialog', { name: 'Session replay' });
  const replayed = dialog.frameLocator('[data-testid=replay-frame] iframe');
  await expect(replayed.getByRole('heading', { name: 'Join Fixture Outfitters' })).toBeVisible();
  await expect(dialog.getByTestId('mark-click')).toHaveCount(rec!.clicks);

  // A deep link opened afresh (a bookmark) plays the same session.
  await page.goto(`/dashboard/recordings?session=${rec!.session_id}`);
  await expect(
    page
      .getByRole('dialog', { name: 'Session replay' })
      .frameLocator('[data-testid=replay-frame] iframe')
      .getByRole('heading', { name: 'Join Fixture Outfitters' }),
  ).toBeVisible();

  // Moved to Starter (no recordings in the plan): the same sessions, no replay offered.
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'starter' });
  await page.goto('/dashboard/analytics');
  await expect(recent.getByTestId('recent-session')).toHaveCount(3);
  await expect(recent.getByRole('link', { name: 'Watch Replay' })).toHaveCount(0);

  // A Starter site without visits yet: the empty state.
  const starter = await ownerWithSite('starter');
  await signInBrowser(page, starter.pb);
  await page.goto('/dashboard/analytics');
  await expect(page.getByTestId('top-pages')).toBeVisible();
  await expect(recent.getByText('No sessions yet')).toBeVisible();
  await expect(recent.getByTestId('recent-session')).toHaveCount(0);
});
