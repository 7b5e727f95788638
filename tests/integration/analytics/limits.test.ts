/** Rate limits: per client (address + agent, memory only) and per site; refused batches store nothing. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';
import { batch, CHROME_UA, countEvents, makeSite, post } from './helpers';

let server: TestServer;
let site: RecordModel;

beforeAll(async () => {
  // Client: 1 request/s (burst 2); site: 2 requests/s (burst 4).
  server = await startPocketBase({ env: { CRO_COLLECT_CLIENT_RPS: '1', CRO_COLLECT_SITE_RPS: '2' } });
  site = await makeSite(await server.createUser());
});
afterAll(async () => server?.stop());

it('limits each client, then the site as a whole, with 429 and Retry-After', async () => {
  const send = (ua: string) => post(server, batch(site.public_key, [{ t: 'pv', ts: Date.now(), p: '/' }]), { ua });
  const a = `${CHROME_UA} A`;
  const b = `${CHROME_UA} B`;
  expect([(await send(a)).status, (await send(a)).status]).toEqual([202, 202]);
  const limited = await send(a);
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toBe('1');
  expect((await limited.json()).message).toBe('Too many requests, retry later.');
  expect([(await send(b)).status, (await send(b)).status]).toEqual([202, 202]); // another client
  expect((await send(`${CHROME_UA} C`)).status).toBe(429); // the site's burst is spent
  expect(await countEvents(server, site.id)).toBe(4);
});
