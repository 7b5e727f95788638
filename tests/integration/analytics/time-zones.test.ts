/**
 * Time zones: a site counts its days on its own clock. The same two events, sent through the
 * collect endpoint to a site in Pacific/Apia (UTC+13), one in Pacific/Honolulu (UTC-10) and one in
 * UTC, land on different local days; an unknown zone is refused and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { startSuite } from '../../helpers/suite';
import { batch, post } from './helpers';

let server: TestServer, owner: TestUser;
const sites: Record<string, RecordModel> = {};
const ZONES = { apia: 'Pacific/Apia', honolulu: 'Pacific/Honolulu', utc: 'UTC' } as const;

// Two days ago at 09:00 and 12:00 UTC: in Apia 22:00 that day and 01:00 the next; in Honolulu
// 23:00 the day before and 02:00 that day.
const DAY_MS = 86_400_000;
const base = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS);
const at = (h: number) => base.getTime() + h * 3_600_000;
const day = (offset: number) => new Date(base.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ server, owner } = await startSuite({ users: ['owner'] }));
  for (const [name, zone] of Object.entries(ZONES)) {
    sites[name] = await server.admin
      .collection('sites')
      .create({ user_id: owner.record.id, domain: `${name}.example.com`, time_zone: zone });
    for (const h of [9, 12]) {
      const body = batch(sites[name]!.public_key, [{ t: 'pv', ts: at(h), p: '/' }]);
      expect((await post(server, body, { origin: `https://${name}.example.com` })).status).toBe(202);
    }
  }
});
afterAll(async () => server?.stop());

async function sessionsByDay(name: string): Promise<Record<string, number>> {
  const report = await owner.client.send(`/api/cro/analytics/${sites[name]!.id}?days=7`, { requestKey: null });
  const out: Record<string, number> = {};
  for (const d of report.series as Array<{ day: string; sessions: number }>) if (d.sessions) out[d.day] = d.sessions;
  return out;
}

describe('days on the site clock', () => {
  it('Apia (UTC+13) counts the events on that day and the next', async () => {
    expect(await sessionsByDay('apia')).toEqual({ [day(0)]: 1, [day(1)]: 1 });
  });

  it('Honolulu (UTC-10) counts them on the day before and that day', async () => {
    expect(await sessionsByDay('honolulu')).toEqual({ [day(-1)]: 1, [day(0)]: 1 });
  });

  it('UTC counts both on that day', async () => {
    expect(await sessionsByDay('utc')).toEqual({ [day(0)]: 2 });
  });

  it("today's figures are the site's today", async () => {
    const t = Date.now();
    expect(
      (await post(server, batch(sites.apia!.public_key, [{ t: 'pv', ts: t, p: '/' }]), { origin: 'https://apia.example.com' })).status,
    ).toBe(202);
    const k = await owner.client.send(`/api/cro/kpis/${sites.apia!.id}`, { requestKey: null });
    expect(k.today.sessions).toBe(1);
    const report = await owner.client.send(`/api/cro/analytics/${sites.apia!.id}?days=7`, { requestKey: null });
    const apiaToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Apia' }).format(new Date(t));
    expect(report.to).toBe(apiaToday);
  });
});

describe('the time zone setting', () => {
  it('refuses an unknown zone on create and on update, and changes nothing', async () => {
    await expect(
      server.admin.collection('sites').create({ user_id: owner.record.id, domain: 'mars.example.com', time_zone: 'Mars/Olympus_Mons' }),
    ).rejects.toMatchObject({
      status: 400,
      response: { message: 'Unknown time zone: use a name from the time zone database, such as Europe/Stockholm.' },
    });
    await expect(owner.client.collection('sites').update(sites.utc!.id, { time_zone: 'Mars/Olympus_Mons' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(owner.client.collection('sites').update(sites.utc!.id, { time_zone: 'not a zone' })).rejects.toMatchObject({
      status: 400,
    });
    expect((await owner.client.collection('sites').getOne(sites.utc!.id)).time_zone).toBe('UTC');
  });

  it('a change is saved and written to the audit log', async () => {
    await owner.client.collection('sites').update(sites.utc!.id, { time_zone: 'Europe/Stockholm' });
    const log = await owner.client.collection('optimization_audit_log').getFullList({ filter: `site_id = "${sites.utc!.id}"` });
    expect(log.map((l) => l.reason)).toContain('Time zone: UTC -> Europe/Stockholm');
  });
});
