/**
 * Hits the collect endpoint filters as automated (a robot's or a headless browser's user agent)
 * are never stored as events but counted per site and day, and Speed & Tracking reads the counts
 * of today and the last 7 days from GET /api/cro/automated-hits/{siteId} (members only).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { batch, countEvents, makeSite, post } from './helpers';

const HEADLESS_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let site: RecordModel;
let other: RecordModel;
const pv = () => ({ t: 'pv', ts: Date.now(), p: '/' });

async function automatedHits(siteId: string, user: TestUser = owner) {
  return fetch(`${server.url}/api/cro/automated-hits/${siteId}`, { headers: { Authorization: user.client.authStore.token } });
}

beforeAll(async () => {
  server = await startPocketBase();
  [owner, stranger] = await Promise.all([server.createUser(), server.createUser()]);
  site = await makeSite(owner);
  other = await makeSite(stranger, 'blog.example.org');
});
afterAll(async () => server?.stop());

it('a headless browser hit is not stored as an event but counted', async () => {
  expect(await (await automatedHits(site.id)).json()).toEqual({ today: 0, last7Days: 0 });
  const res = await post(server, batch(site.public_key as string, [pv(), pv()]), { ua: HEADLESS_UA });
  expect(res.status).toBe(204);
  const crawler = await post(server, batch(site.public_key as string, [pv()]), { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
  expect(crawler.status).toBe(204);
  expect(await countEvents(server, site.id)).toBe(0);
  expect(await (await automatedHits(site.id)).json()).toEqual({ today: 2, last7Days: 2 });
  // No visitor, session or page view came of them.
  const kpis = await (
    await fetch(`${server.url}/api/cro/kpis/${site.id}`, { headers: { Authorization: owner.client.authStore.token } })
  ).json();
  expect(kpis.today).toMatchObject({ visitors: 0, sessions: 0, pageviews: 0 });
});

it("a person's hit is stored and not counted as automated; another site keeps its own count", async () => {
  expect((await post(server, batch(site.public_key as string, [pv()]))).status).toBe(202);
  expect(await countEvents(server, site.id)).toBe(1);
  expect(await (await automatedHits(site.id)).json()).toEqual({ today: 2, last7Days: 2 });
  const elsewhere = await post(server, batch(other.public_key as string, [pv()]), { ua: HEADLESS_UA, origin: 'https://blog.example.org' });
  expect(elsewhere.status).toBe(204);
  expect(await (await automatedHits(other.id, stranger)).json()).toEqual({ today: 1, last7Days: 1 });
  expect(await (await automatedHits(site.id)).json()).toEqual({ today: 2, last7Days: 2 });
});

it('only members read the counts', async () => {
  expect((await automatedHits(site.id, stranger)).status).toBe(404);
  expect((await fetch(`${server.url}/api/cro/automated-hits/${site.id}`)).status).toBe(401);
});
