/** Shared setup for the analytics integration tests: a site, and a way to post tracker batches. */
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../../helpers/pocketbase';

export const ORIGIN = 'https://shop.example.com';
export const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let n = 0;
export const rid = (p: string) => `${p}${Date.now().toString(36)}${(++n).toString().padStart(4, '0')}`;

export async function makeSite(owner: TestUser, domain = 'shop.example.com'): Promise<RecordModel> {
  return owner.client.collection('sites').create({ user_id: owner.record.id, domain });
}

export interface PostOptions {
  origin?: string | null;
  ua?: string;
  headers?: Record<string, string>;
}

/** Posts a raw body to the collect endpoint as the tracker does (text/plain). */
export async function post(server: TestServer, body: string, o: PostOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'text/plain', 'User-Agent': o.ua ?? CHROME_UA, ...o.headers };
  if (o.origin !== null) headers.Origin = o.origin ?? ORIGIN;
  return fetch(`${server.url}/api/cro/collect`, { method: 'POST', body, headers });
}

export function batch(key: string, events: object[], ids: { v?: string; s?: string } = {}) {
  return JSON.stringify({ k: key, v: ids.v ?? rid('visitor'), s: ids.s ?? rid('session'), e: events });
}

/** Counted in the store the server writes to (SQLite, or ClickHouse under `npm run test:clickhouse`). */
export { countEvents } from '../../helpers/stored-events';
