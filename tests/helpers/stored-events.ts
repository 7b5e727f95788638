/**
 * What the event store holds, read the way each store keeps it: SQLite's tables through the
 * superusers' API, or, when the run's server writes to ClickHouse (CRO_EVENTS_URL, `npm run
 * test:clickhouse`), ClickHouse's own HTTP interface. Tests that check what was stored use these
 * instead of SQLite's collections, so they check the store the server really writes to.
 */
import type { TestServer } from './pocketbase';

/** The ClickHouse URL and database of the run, or null when events are in SQLite. */
export function clickHouseStore(): { url: string; database: string } | null {
  const raw = process.env.CRO_EVENTS_URL;
  if (!raw) return null;
  const u = new URL(raw);
  const database = u.searchParams.get('database') ?? 'default';
  u.search = '';
  return { url: u.toString(), database };
}

/**
 * The server acknowledges a batch once its spool holds it and inserts it within a second; this
 * route answers once it inserted what it acknowledged, so a direct read after it sees the batch.
 */
async function afterServerInserts(server: TestServer): Promise<void> {
  await server.admin.send('/api/cro/events/spool', { requestKey: null });
}

/**
 * For `it.skipIf(skipOnClickHouse(reason))`: a test that checks SQLite's own storage (its
 * collections' record API) does not apply when events live in ClickHouse; the reason is printed.
 */
export function skipOnClickHouse(reason: string): boolean {
  if (!clickHouseStore()) return false;
  console.info(`skipped on ClickHouse: ${reason}`);
  return true;
}

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

async function clickHouseRows(sql: string): Promise<Record<string, unknown>[]> {
  const ch = clickHouseStore()!;
  const res = await fetch(`${ch.url}?database=${encodeURIComponent(ch.database)}`, { method: 'POST', body: `${sql} FORMAT JSONEachRow` });
  const text = await res.text();
  if (!res.ok) throw new Error(`ClickHouse: ${text}`);
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** A stored raw event's fields the tests look at (the same names in both stores). */
export interface StoredEvent {
  type: string;
  path: string;
  visitor: string;
  session: string;
  selector: string;
  name: string;
  x: number;
  y: number;
  country: string;
  device_type: string;
  browser: string;
  [field: string]: unknown;
}

/** A site's raw events in time order. */
export async function storedEvents(server: TestServer, siteId: string): Promise<StoredEvent[]> {
  if (!clickHouseStore()) {
    const events = (await server.admin
      .collection('events')
      .getFullList({ filter: `site_id = "${siteId}"`, sort: 'ts' })) as unknown as StoredEvent[];
    // SQLite keeps an event's device, browser and country once, on its session.
    const sessions = new Map(
      (await server.admin.collection('sessions').getFullList({ filter: `site_id = "${siteId}"` })).map((s) => [s.session_key as string, s]),
    );
    return events.map((e) => {
      const s = sessions.get(e.session);
      return s && !e.device_type ? { ...e, device_type: s.device_type, browser: s.browser, country: s.country } : e;
    });
  }
  await afterServerInserts(server);
  const rows = await clickHouseRows(`SELECT * FROM events WHERE site_id = ${quote(siteId)} ORDER BY at, seq`);
  // ClickHouse keeps properties as JSON text; SQLite's API returns them parsed.
  const props = (p: unknown) => (typeof p === 'string' ? (p ? (JSON.parse(p) as unknown) : null) : p);
  return rows.map((r) => ({
    ...r,
    x: Number(r.x),
    y: Number(r.y),
    value: Number(r.value),
    props: props(r.props),
  })) as unknown as StoredEvent[];
}

export async function countEvents(server: TestServer, siteId: string): Promise<number> {
  if (!clickHouseStore()) {
    return (await server.admin.collection('events').getList(1, 1, { filter: `site_id = "${siteId}"` })).totalItems;
  }
  await afterServerInserts(server);
  const [row] = await clickHouseRows(`SELECT count() AS n FROM events WHERE site_id = ${quote(siteId)}`);
  return Number(row?.n ?? 0);
}

/** The distinct visitors of the site's sessions that started in [from, to) (ms). */
export async function sessionVisitors(server: TestServer, siteId: string, from: number, to: number): Promise<number> {
  if (!clickHouseStore()) {
    const iso = (t: number) => new Date(t).toISOString().replace('T', ' ');
    const sessions = await server.admin
      .collection('sessions')
      .getFullList({ filter: `site_id = "${siteId}" && started_at >= "${iso(from)}" && started_at < "${iso(to)}"` });
    return new Set(sessions.map((s) => s.visitor as string)).size;
  }
  // On ClickHouse a session is its events: it started at its first one.
  await afterServerInserts(server);
  const [row] = await clickHouseRows(
    `SELECT uniqExact(v) AS n FROM (SELECT session, any(visitor) AS v, min(at) AS started FROM events
      WHERE site_id = ${quote(siteId)} AND session != '' GROUP BY session) WHERE started >= ${from} AND started < ${to}`,
  );
  return Number(row?.n ?? 0);
}

/** A session as SQLite's sessions table keeps it (the fields the tests look at). */
export interface StoredSession {
  session_key: string;
  visitor: string;
  page_views: number;
  entry_path: string;
  exit_path: string;
  revenue: number;
}

/** A site's sessions: SQLite's table, or on ClickHouse what its events make of them. */
export async function storedSessions(server: TestServer, siteId: string): Promise<StoredSession[]> {
  if (!clickHouseStore()) {
    return (await server.admin.collection('sessions').getFullList({ filter: `site_id = "${siteId}"` })) as unknown as StoredSession[];
  }
  await afterServerInserts(server);
  // On ClickHouse a session is its events: entered on its first page view, left on its last, its
  // revenue the (capped) value of its conversions.
  const rows = await clickHouseRows(
    `SELECT session AS session_key, any(visitor) AS visitor, countIf(type = 'pageview') AS page_views,
      argMinIf(path, at, type = 'pageview') AS entry_path, argMaxIf(path, at, type = 'pageview') AS exit_path,
      sumIf(value, type = 'conversion') AS revenue
      FROM events WHERE site_id = ${quote(siteId)} AND session != '' GROUP BY session`,
  );
  return rows.map((r) => ({ ...r, page_views: Number(r.page_views), revenue: Number(r.revenue) })) as unknown as StoredSession[];
}

/** An experiment's first exposure per visitor (SQLite's experiment_exposures, ClickHouse's exposures). */
export async function storedExposures(
  server: TestServer,
  siteId: string,
  experimentId: string,
): Promise<{ visitor: string; variant: string }[]> {
  if (!clickHouseStore()) {
    const rows = await server.admin
      .collection('experiment_exposures')
      .getFullList({ filter: `site_id = "${siteId}" && experiment = "${experimentId}"` });
    return rows.map((r) => ({ visitor: r.visitor as string, variant: r.variant as string }));
  }
  await afterServerInserts(server);
  const rows = await clickHouseRows(
    `SELECT visitor, argMinMerge(x_variant) AS variant FROM exposures
      WHERE site_id = ${quote(siteId)} AND experiment = ${quote(experimentId)} GROUP BY visitor`,
  );
  return rows as { visitor: string; variant: string }[];
}
