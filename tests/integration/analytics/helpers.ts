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

/** Trusts X-Forwarded-For, as a proxy in front of the server sets it, so each simulated client can have its own address. */
export async function trustForwardedFor(server: TestServer): Promise<void> {
  await server.admin.settings.update({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: false } });
}

/** The i-th of many distinct client addresses (198.18.0.0/15, set aside for tests). */
export const address = (i: number) => `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;

export interface VisitOptions extends PostOptions {
  /** The client's address (needs trustForwardedFor). */
  ip?: string;
  v?: string;
  s?: string;
}

/** One batch of a visit posted as the tracker sends it; throws unless the endpoint accepts it. */
export async function visit(server: TestServer, key: string, events: object[], o: VisitOptions = {}): Promise<void> {
  const headers = { ...o.headers, ...(o.ip ? { 'X-Forwarded-For': o.ip } : {}) };
  const res = await post(server, batch(key, events, { v: o.v, s: o.s }), { ...o, headers });
  if (res.status !== 202) throw new Error(`collect answered ${res.status}: ${await res.text()}`);
}

/** Counted in the store the server writes to (SQLite, or ClickHouse under `npm run test:clickhouse`). */
export { countEvents } from '../../helpers/stored-events';
