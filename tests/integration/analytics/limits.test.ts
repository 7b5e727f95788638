/**
 * Rate limits: per client (its address, memory only; an IPv6 client by its /64), per client per
 * site (a share of the site's budget) and per site; refused batches store nothing. Clients are
 * told apart by X-Forwarded-For, trusted here as a proxy in front of the server would set it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';
import { batch, CHROME_UA, countEvents, makeSite, post } from './helpers';

let server: TestServer;

beforeAll(async () => {
  // Client: 2 requests/s (burst 4); site: 4 requests/s (burst 8), of which one client may take a quarter (burst 2).
  server = await startPocketBase({ env: { CRO_COLLECT_CLIENT_RPS: '2', CRO_COLLECT_SITE_RPS: '4' } });
  await server.admin.settings.update({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: false } });
});
afterAll(async () => server?.stop());

const send = (site: RecordModel, ip: string, ua = CHROME_UA) =>
  post(server, batch(site.public_key, [{ t: 'pv', ts: Date.now(), p: '/' }]), { ua, headers: { 'X-Forwarded-For': ip } });

it('limits a client by its address, whatever User-Agent it rotates through, with 429 and Retry-After', async () => {
  const site = await makeSite(await server.createUser());
  // Sent at once (as the /64 below): the budget must not refill while a store acknowledges.
  const rotated = Array.from({ length: 6 }, (_, i) => send(site, '203.0.113.10', `${CHROME_UA} rotated-${i}`));
  expect((await Promise.all(rotated)).map((r) => r.status).sort()).toEqual([202, 202, 429, 429, 429, 429]);
  const limited = await send(site, '203.0.113.10', `${CHROME_UA} one more`);
  expect(limited.headers.get('retry-after')).toBe('1');
  expect((await limited.json()).message).toBe('Too many requests, retry later.');
  // Another address in the same IPv6 /64 is the same client; another /64 is not.
  const sameNet = ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:ffff::3'].map((ip) => send(site, ip));
  expect((await Promise.all(sameNet)).map((r) => r.status).sort()).toEqual([202, 202, 429]);
  expect((await send(site, '2001:db8:7:2::1')).status).toBe(202);
  expect(await countEvents(server, site.id)).toBe(5);
});

it('keeps the site open to real visitors while other clients hammer it, then applies the site budget', async () => {
  const site = await makeSite(await server.createUser());
  // Three hostile clients, each sending far more than its share: each gets 2 of the site's 8.
  // Each client's five at once, so that its share cannot refill while the store acknowledges.
  for (let c = 1; c <= 3; c++) await Promise.all([0, 1, 2, 3, 4].map((i) => send(site, `198.51.100.${c}`, `${CHROME_UA} ${i}`)));
  expect(await countEvents(server, site.id)).toBe(6);
  // Real visitors still get through.
  expect((await send(site, '192.0.2.1')).status).toBe(202);
  expect((await send(site, '192.0.2.2')).status).toBe(202);
  // Once the site's budget is spent, it refuses even fresh clients: ten at once, so that the
  // budget cannot refill between them however long a store takes to acknowledge.
  const fresh = Array.from({ length: 10 }, (_, i) => send(site, `192.0.2.${10 + i}`));
  const more = (await Promise.all(fresh)).map((r) => r.status);
  expect(more).toContain(429);
});
