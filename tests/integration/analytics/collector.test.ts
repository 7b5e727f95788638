/**
 * A stateless collector (`cro-server collect`) in front of ClickHouse, with the site configs of a
 * real main server: the main server's collector routes answer only with CRO_COLLECTOR_TOKEN, and
 * a batch the collector acknowledges (once its spool holds it) reaches ClickHouse within the
 * spool's flush interval, its goal conversion included. Skipped when no clickhouse binary is
 * installed (.ci/run installs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { clickHouseCommand, startClickHouse, type ClickHouse } from '../../helpers/clickhouse';
import { startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { batch, CHROME_UA, makeSite, ORIGIN, rid } from './helpers';

const TOKEN = 'integration-collector-token';
const SERVER = resolve(import.meta.dirname, '../../../.bin/cro-server');

function freePort(): Promise<number> {
  return new Promise((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => done(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Polls a ClickHouse query until it returns `want` lines (at most 10 s); returns its last lines. */
async function rowsOf(ch: ClickHouse, sql: string, want: number): Promise<string[]> {
  let rows: string[] = [];
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    rows = (await ch.query(sql, 'collector')).split('\n').filter(Boolean);
    if (rows.length >= want) break;
  }
  return rows;
}

/** A TCP proxy to ClickHouse that can go away (refusing new connections and cutting open ones). */
async function switchProxy(target: string) {
  const t = new URL(target);
  const open = new Set<Socket>();
  let up = true;
  const srv = createServer((c) => {
    if (!up) return void c.destroy();
    const b = connect(Number(t.port), t.hostname);
    const close = () => {
      c.destroy();
      b.destroy();
      open.delete(c);
      open.delete(b);
    };
    for (const s of [c, b]) {
      open.add(s);
      s.on('error', close).on('close', close);
    }
    c.pipe(b).pipe(c);
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/`,
    set(on: boolean) {
      up = on;
      if (!on) for (const s of open) s.destroy();
    },
    close: () => new Promise<void>((r) => (open.forEach((s) => s.destroy()), srv.close(() => r()))),
  };
}

describe.skipIf(!clickHouseCommand())('a stateless collector', () => {
  let ch: ClickHouse;
  let server: TestServer;
  let owner: TestUser;
  let site: RecordModel;
  let collector: ChildProcess;
  let collectorUrl: string;
  let spool: string;

  beforeAll(async () => {
    ch = await startClickHouse();
    const events = `${ch.url}?database=collector`;
    server = await startPocketBase({ env: { CRO_EVENTS_URL: events, CRO_COLLECTOR_TOKEN: TOKEN } });
    owner = await server.createUser();
    site = await makeSite(owner);
    await owner.client.collection('goals').create({ site_id: site.id, name: 'Signup', type: 'event', match: 'signup', enabled: true });
    const port = await freePort();
    spool = mkdtempSync(join(tmpdir(), 'cro-spool-'));
    collector = spawn(SERVER, ['collect', `--http=127.0.0.1:${port}`, `--events=${events}`, `--config=${server.url}`, `--spool=${spool}`], {
      env: { ...process.env, CRO_COLLECTOR_TOKEN: TOKEN },
      stdio: 'ignore',
    });
    collectorUrl = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${collectorUrl}/api/cro/collector/stats`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(async () => {
    collector?.kill('SIGKILL');
    await server?.stop();
    await ch?.stop();
    rmSync(spool, { recursive: true, force: true });
  });

  it("the main server's collector routes need the token", async () => {
    const path = `${server.url}/api/cro/collector/sites/${site.public_key}`;
    expect((await fetch(path)).status).toBe(401);
    expect((await fetch(path, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    const ok = await fetch(path, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    const snap = (await ok.json()) as { id: string; goals: Array<{ match: string }> };
    expect(snap.id).toBe(site.id);
    expect(snap.goals.map((g) => g.match)).toEqual(['signup']);
  });

  it('stores what it acknowledges, with the goal conversion, and serves the tracker', async () => {
    const body = batch(site.public_key as string, [
      { t: 'pv', ts: Date.now() - 2000, p: '/' },
      { t: 'ev', ts: Date.now() - 1000, p: '/', n: 'signup' },
    ]);
    const res = await fetch(`${collectorUrl}/api/cro/collect`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'text/plain', Origin: ORIGIN, 'User-Agent': CHROME_UA },
    });
    expect(res.status).toBe(202);
    const rows = await rowsOf(ch, `SELECT type FROM events WHERE site_id = '${site.id}' ORDER BY at, type FORMAT TSV`, 3);
    expect(rows.sort()).toEqual(['conversion', 'custom', 'pageview']);
    // The events are visible before ClickHouse has run every view of their insert (sessions is among
    // the last): today's figures are whole within the same 10 s, and stay so once they are.
    let today: Record<string, number> = {};
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      today = (await owner.client.send(`/api/cro/kpis/${site.id}`, { requestKey: null })).today;
      if (today.sessions === 1) break;
    }
    expect(today).toMatchObject({ pageviews: 1, sessions: 1, visitors: 1, conversions: 1 });

    const script = await fetch(`${collectorUrl}/t/${site.public_key}.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('CRO_CFG');
    const unknown = await fetch(`${collectorUrl}/api/cro/collect`, {
      method: 'POST',
      body: batch(rid('nokey'), [{ t: 'pv', ts: Date.now(), p: '/' }]),
      headers: { 'Content-Type': 'text/plain', Origin: ORIGIN, 'User-Agent': CHROME_UA },
    });
    expect(unknown.status).toBe(404);
    const stats = (await (await fetch(`${collectorUrl}/api/cro/collector/stats`)).json()) as { dropped: Record<string, number> };
    expect(stats.dropped).toEqual({ unknown_site: 1 });
  });

  it("names a consent-free site's visitors as the main server does, from the day's key, never the salt", async () => {
    const free = await makeSite(await server.createUser(), 'free.example.com');
    await server.admin.collection('sites').update(free.id, { consent_free: true });
    const route = (day: string, auth = `Bearer ${TOKEN}`) =>
      fetch(`${server.url}/api/cro/collector/visitor-key?day=${day}`, { headers: { Authorization: auth } });
    const today = new Date().toISOString().slice(0, 10);
    expect((await route(today, '')).status).toBe(401);
    expect((await route(today, 'Bearer wrong')).status).toBe(401);
    const old = await route('2020-01-01');
    expect(old.status).toBe(400);
    expect(((await old.json()) as { message: string }).message).toBe('day must be today or yesterday (UTC), as YYYY-MM-DD.');

    // The same browser gets the same id from the collector's script as from the main server's.
    const headers = { 'User-Agent': CHROME_UA };
    const configOf = (body: string) => JSON.parse(body.slice(body.lastIndexOf('})(') + 3, body.lastIndexOf(');'))) as { c?: string };
    const fromMain = configOf(await (await fetch(`${server.url}/t/${free.public_key}.js`, { headers })).text()).c;
    const fromCollector = configOf(await (await fetch(`${collectorUrl}/t/${free.public_key}.js`, { headers })).text()).c;
    expect(fromMain).toMatch(/^[a-z0-9]{20}$/);
    expect(fromCollector).toBe(fromMain);
    // Its batch is stored under that id, whatever ids the client sent.
    const res = await fetch(`${collectorUrl}/api/cro/collect`, {
      method: 'POST',
      body: batch(free.public_key as string, [{ t: 'pv', ts: Date.now(), p: '/' }], { v: rid('forged'), s: rid('forged') }),
      headers: { 'Content-Type': 'text/plain', Origin: 'https://free.example.com', 'User-Agent': CHROME_UA },
    });
    expect(res.status).toBe(202);
    const stored = await rowsOf(ch, `SELECT visitor FROM events WHERE site_id = '${free.id}' FORMAT TSV`, 1);
    expect(stored).toEqual([fromMain]);

    // What the channel carries is the day's derived key, not the stored salt.
    const key = await route(today);
    expect(key.headers.get('cache-control')).toBe('no-store');
    const given = Buffer.from(((await key.json()) as { key: string }).key, 'base64').toString('hex');
    const salts = await server.admin.collection('visitor_salts').getFullList();
    expect(given).toHaveLength(64);
    expect(salts.map((r) => r.salt)).not.toContain(given);
  });

  // The main server acknowledges from its own spool, as a collector does: batches acknowledged
  // while ClickHouse is away are on its disk only, and a kill -9 loses none of them (the restarted
  // server inserts them before it serves). Before the spool it refused batches it could not insert.
  it('the main server killed -9 under load loses no batch it acknowledged, ClickHouse away or not', async () => {
    const proxy = await switchProxy(ch.url);
    const db = 'mainspool';
    const main = await startPocketBase({
      env: { CRO_EVENTS_URL: `${proxy.url}?database=${db}`, CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' },
    });
    try {
      const shop = await makeSite(await main.createUser());
      const acked: string[] = [];
      let stop = false;
      const sender = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const v = `killv${w}n${i}`;
          const res = await fetch(`${main.url}/api/cro/collect`, {
            method: 'POST',
            body: batch(shop.public_key as string, [{ t: 'pv', ts: Date.now(), p: '/' }], { v }),
            headers: { 'Content-Type': 'text/plain', Origin: ORIGIN, 'User-Agent': CHROME_UA },
          }).catch(() => null);
          if (!res) return; // the server is gone
          if (res.status === 202) acked.push(v);
        }
      };
      const inClickHouse = async () => Number(await ch.query(`SELECT count() FROM events WHERE site_id = '${shop.id}'`, db));
      const until = async (ok: () => boolean | Promise<boolean>) => {
        for (const deadline = Date.now() + 10_000; Date.now() < deadline && !(await ok());) await new Promise((r) => setTimeout(r, 20));
      };
      const senders = [0, 1, 2, 3].map(sender);
      await until(async () => acked.length >= 50 && (await inClickHouse()) > 0); // some inserted already
      proxy.set(false);
      const away = acked.length;
      await until(() => acked.length >= away + 50);
      process.kill(main.pid, 'SIGKILL');
      stop = true;
      await Promise.all(senders);
      expect(await main.exitStatus(5000)).toBe('SIGKILL');
      expect(acked.length - away).toBeGreaterThan(0); // acknowledged while ClickHouse was away

      proxy.set(true);
      await main.restart(); // inserts its spool before serving
      const [n, rows] = (
        await ch.query(
          `SELECT uniqExact(visitor), count() FROM events WHERE site_id = '${shop.id}' AND visitor IN (${acked.map((v) => `'${v}'`).join(',')}) FORMAT TSV`,
          db,
        )
      )
        .trim()
        .split('\t')
        .map(Number);
      expect([n, rows]).toEqual([acked.length, acked.length]); // each once: one event a batch
    } finally {
      await main.stop();
      await proxy.close();
    }
  });
});
