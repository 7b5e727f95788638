/**
 * How often each plan may send scheduled reports, enforced by the server: Free none, Starter
 * weekly and monthly, Growth and Enterprise daily too. A refusal is a 403 with the plan it needs
 * and stores or changes nothing; a report a downgrade left beyond the plan can still be paused,
 * but not sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { refusal } from '../helpers/site-access';
import { startSuite } from '../helpers/suite';

let server: TestServer, owner: TestUser;
const sites: Record<string, string> = {};
const PLANS = ['free', 'starter', 'growth', 'enterprise'] as const;
const ALLOWED: Record<(typeof PLANS)[number], string[]> = {
  free: [],
  starter: ['weekly', 'monthly'],
  growth: ['daily', 'weekly', 'monthly'],
  enterprise: ['daily', 'weekly', 'monthly'],
};
const REFUSAL: Record<string, string> = {
  daily: 'Daily reports require the Growth plan or higher. Upgrade at /pricing.',
  weekly: 'Weekly reports require a paid plan. Upgrade at /pricing.',
  monthly: 'Monthly reports require a paid plan. Upgrade at /pricing.',
};

beforeAll(async () => {
  ({ server, owner } = await startSuite({ users: ['owner'] }));
  for (const plan of PLANS) {
    const site = await server.admin
      .collection('sites')
      .create({ user_id: owner.record.id, domain: `${plan}.plans.example.com`, plan_tier: plan });
    sites[plan] = site.id;
  }
});
afterAll(async () => server?.stop());

const report = (plan: string, frequency: string) => ({
  site_id: sites[plan],
  name: `${frequency} on ${plan}`,
  report_type: 'performance',
  frequency,
  format: 'pdf',
  recipients: [owner.email],
  enabled: true,
});
const stored = async (plan: string) =>
  (await server.admin.collection('scheduled_reports').getFullList({ filter: `site_id = "${sites[plan]}"` })).length;

describe('creating a scheduled report', () => {
  for (const plan of PLANS) {
    it(`${plan}: ${ALLOWED[plan].join(', ') || 'no frequency'} accepted, the others refused with the plan they need`, async () => {
      for (const frequency of ['daily', 'weekly', 'monthly']) {
        const before = await stored(plan);
        const result = await refusal(owner.client.collection('scheduled_reports').create(report(plan, frequency)));
        if (ALLOWED[plan].includes(frequency)) {
          expect(result, frequency).toBe('accepted');
          expect(await stored(plan)).toBe(before + 1);
        } else {
          expect(result, frequency).toMatchObject({ status: 403, message: REFUSAL[frequency] });
          expect(await stored(plan)).toBe(before);
        }
      }
    });
  }
});

describe('editing and sending', () => {
  it('Starter cannot turn a weekly report into a daily one; the report stays as it was', async () => {
    const r = await owner.client.collection('scheduled_reports').create(report('starter', 'weekly'));
    const result = await refusal(owner.client.collection('scheduled_reports').update(r.id, { frequency: 'daily' }));
    expect(result).toMatchObject({ status: 403, message: REFUSAL.daily });
    expect((await server.admin.collection('scheduled_reports').getOne(r.id)).frequency).toBe('weekly');
  });

  it('after a downgrade a daily report can be paused, not edited while active nor sent', async () => {
    await server.admin.collection('sites').update(sites.growth!, { plan_tier: 'growth' });
    const r = await owner.client.collection('scheduled_reports').create({ ...report('growth', 'daily'), name: 'Downgraded daily' });
    await server.admin.collection('sites').update(sites.growth!, { plan_tier: 'starter' });

    expect(await refusal(owner.client.collection('scheduled_reports').update(r.id, { name: 'Renamed' }))).toMatchObject({
      status: 403,
      message: REFUSAL.daily,
    });
    expect(await refusal(owner.client.send(`/api/cro/reports/${r.id}/send`, { method: 'POST', requestKey: null }))).toMatchObject({
      status: 403,
      message: REFUSAL.daily,
    });
    expect(await server.admin.collection('report_history').getFullList({ filter: `report_id = "${r.id}"` })).toEqual([]);

    const paused = await owner.client.collection('scheduled_reports').update(r.id, { enabled: false });
    expect(paused).toMatchObject({ enabled: false, next_scheduled_at: '', name: 'Downgraded daily' });
    expect(await refusal(owner.client.collection('scheduled_reports').update(r.id, { enabled: true }))).toMatchObject({
      status: 403,
      message: REFUSAL.daily,
    });
    const weekly = await owner.client.collection('scheduled_reports').update(r.id, { enabled: true, frequency: 'weekly' });
    expect(weekly.next_scheduled_at).not.toBe('');
    await server.admin.collection('sites').update(sites.growth!, { plan_tier: 'growth' });
  });
});
