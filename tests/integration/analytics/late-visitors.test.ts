/**
 * A day's visitors are the distinct visitors of the sessions that started on it, also when a
 * returning visitor's session arrives late (the collector takes events up to 35 days old) after
 * the visitor was active on a later day: the Analytics screen's route, /v1/analytics and the KPIs
 * agree with the sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { startSuite } from '../../helpers/suite';
import { createKey, call } from '../public-api/helpers';
import { sessionVisitors } from '../../helpers/stored-events';
import { batch, post, rid } from './helpers';

let server: TestServer, owner: TestUser, site: RecordModel;

const DAY = 86_400_000;
// Today's visit and the day it falls on come from one clock reading, so that a run that crosses
// midnight UTC does not look for today's visit on the day before (the site's clock is UTC).
const todayVisit = Date.now() - 1000;
const dayStart = Math.floor(todayVisit / DAY) * DAY;
const pastNoon = dayStart - 3 * DAY + 12 * 3_600_000;
const pastDay = new Date(pastNoon).toISOString().slice(0, 10);
const visitor = rid('returning');

beforeAll(async () => {
  ({ server, owner, site } = await startSuite({ users: ['owner'], site: 'shop.example.com' }));
  await server.admin.collection('sites').update(site.id, { plan_tier: 'enterprise' });
  const visit = async (ts: number) =>
    expect((await post(server, batch(site.public_key, [{ t: 'pv', ts, p: '/' }], { v: visitor, s: rid('session') }))).status).toBe(202);
  await visit(pastNoon); // three days ago
  await visit(todayVisit); // today
  await visit(pastNoon + 3_600_000); // three days ago again, sent late
});
afterAll(async () => server?.stop());

const distinctVisitors = (from: number, to: number) => sessionVisitors(server, site.id, from, to);

describe("a returning visitor's late session", () => {
  it("counts the visitor once on the day, as that day's sessions do", async () => {
    expect(await distinctVisitors(dayStart - 3 * DAY, dayStart - 2 * DAY)).toBe(1);
    const a = await owner.client.send(`/api/cro/analytics/${site.id}?days=7`, { requestKey: null });
    const day = (a.series as Array<{ day: string; visitors: number; sessions: number }>).find((d) => d.day === pastDay);
    expect(day).toMatchObject({ sessions: 2, visitors: 1 });

    const key = await createKey(owner, site.id, 'read');
    const v1 = await call(server, 'GET', `/v1/analytics?site_id=${site.id}&from=${pastDay}&to=${pastDay}`, key.key);
    expect(v1.status).toBe(200);
    expect(v1.body.summary).toMatchObject({ sessions: 2, visitors: 1 });
  });

  it('today still counts the visitor once', async () => {
    const k = await owner.client.send(`/api/cro/kpis/${site.id}`, { requestKey: null });
    expect(k.today).toMatchObject({ sessions: 1, visitors: 1 });
    expect(await distinctVisitors(dayStart, dayStart + DAY)).toBe(1);
  });
});
