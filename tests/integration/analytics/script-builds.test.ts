/**
 * The server serves one of three tracker builds: the core build (analytics only, within its
 * gzip budget) to sites without enabled optimization rules, the full build (with the rules
 * code, its budget in scripts/tracker-budgets.mjs) to sites with at least one enabled rule, and
 * the audience build (the full build and the audience evaluator) to sites whose rules or tests
 * target an audience. The marker is the
 * preview parameter's name, which only the rules code (src/tracker/rules.ts) contains. Beside the
 * script, /t/<key>.css is the loader snippet's hide stylesheet: the enabled rules' targets only.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { startSuite } from '../../helpers/suite';
import { makeSite } from './helpers';
import { TRACKER_BUDGETS } from '../../../scripts/tracker-budgets.mjs';

const RULES_MARKER = 'cro_preview';
const RULE = {
  rule_type: 'cta_text',
  name: 'Checkout copy',
  url_pattern: '/checkout*',
  selector: '#pay',
  changes: [{ type: 'set_text', value: 'Pay now' }],
  rollout_percentage: 100,
};

let server: TestServer, owner: TestUser, other: TestUser, plain: RecordModel, optimized: RecordModel;

beforeAll(async () => {
  ({ server, owner, other } = await startSuite({ users: ['owner', 'other'] }));
  plain = await makeSite(other, 'plain.example.com');
  optimized = await makeSite(owner, 'optimized.example.com');
  await server.admin.collection('sites').update(plain.id, { plan_tier: 'growth' });
  await server.admin.collection('sites').update(optimized.id, { plan_tier: 'growth' });
});
afterAll(async () => server?.stop());

async function script(site: RecordModel): Promise<string> {
  const res = await fetch(`${server.url}/t/${site.public_key}.js`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The tracker itself, without the config wrapper the server adds around it. */
const tracker = (body: string) => body.replace(/^\(function\(CRO_CFG\)\{/, '').replace(/\}\)\(\{.*\}\);\n$/, '');

describe('tracker builds', () => {
  it('a site without rules gets the core build, within its gzip budget', async () => {
    const body = await script(plain);
    expect(body).toContain(`"k":"${plain.public_key}"`);
    expect(body).not.toContain('"r":');
    expect(body).not.toContain(RULES_MARKER);
    expect(gzipSync(tracker(body), { level: 9 }).length).toBeLessThanOrEqual(TRACKER_BUDGETS.core);
  });

  it('a disabled (draft) rule does not switch the site to the full build', async () => {
    await other.client.collection('optimization_rules').create({ site_id: plain.id, ...RULE, enabled: false });
    expect(await script(plain)).not.toContain(RULES_MARKER);
  });

  it('a site with an enabled rule gets the full build, within its gzip budget; back to core once disabled', async () => {
    const rule = await owner.client.collection('optimization_rules').create({ site_id: optimized.id, ...RULE, enabled: true });
    const full = await script(optimized);
    expect(full).toContain(`"i":"${rule.id}"`);
    expect(full).toContain(RULES_MARKER);
    const size = gzipSync(tracker(full), { level: 9 }).length;
    expect(size).toBeLessThanOrEqual(TRACKER_BUDGETS.full);
    expect(size).toBeGreaterThan(gzipSync(tracker(await script(plain)), { level: 9 }).length);

    await owner.client.collection('optimization_rules').update(rule.id, { enabled: false });
    expect(await script(optimized)).not.toContain(RULES_MARKER);
  });

  it('a site whose rule targets an audience gets the audience build, within its own budget; the full build carries no audience code', async () => {
    const site = await makeSite(owner, 'audience.example.com');
    await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
    const rule = await owner.client.collection('optimization_rules').create({ site_id: site.id, ...RULE, enabled: true });
    const full = tracker(await script(site));
    expect(full).not.toContain('ChromeOS'); // the audience context (src/tracker/audience.ts) is not in the full build
    const audience = await owner.client
      .collection('audiences')
      .create({ site_id: site.id, name: 'Mobile', match: 'all', conditions: [{ kind: 'device', op: 'is', value: 'mobile' }] });
    await owner.client.collection('optimization_rules').update(rule.id, { audience: audience.id });
    const body = await script(site);
    expect(body).toContain(`"au":{"${audience.id}":`);
    expect(body).not.toContain('"gc":'); // no country condition: the script stays cacheable and shared
    expect(body).toContain('ChromeOS');
    const size = gzipSync(tracker(body), { level: 9 }).length;
    expect(size).toBeLessThanOrEqual(TRACKER_BUDGETS.audiences);
    expect(size).toBeGreaterThan(gzipSync(full, { level: 9 }).length);
  });

  it("the hide stylesheet hides the enabled rules' targets and nothing else; unknown keys get 404", async () => {
    const css = async (key: string) => {
      const res = await fetch(`${server.url}/t/${key}.css`);
      return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    };
    const site = await makeSite(owner, 'hide.example.com');
    await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
    expect(await css(site.public_key)).toEqual({ status: 200, type: 'text/css; charset=utf-8', body: '' });
    const rules = owner.client.collection('optimization_rules');
    await rules.create({ site_id: site.id, ...RULE, enabled: true });
    await rules.create({ site_id: site.id, ...RULE, selector: '.promo', changes: [{ type: 'hide' }], enabled: true });
    await rules.create({ site_id: site.id, ...RULE, selector: '.draft', enabled: false });
    await rules.create({
      site_id: site.id,
      ...RULE,
      selector: 'body',
      changes: [{ type: 'inject_css', value: 'p{color:red}' }],
      enabled: true,
    });
    const sheet = await css(site.public_key);
    expect(sheet.status).toBe(200);
    expect(sheet.body).toMatch(/^:is\((#pay,\.promo|\.promo,#pay)\):not\(\[data-cro-on\]\)\{visibility:hidden!important\}\n$/);
    expect((await css('nokey000000000000000000')).status).toBe(404);
  });

  it("a running experiment's element is hidden too (for every arm), a page-wide one's is not; the site gets the full build", async () => {
    const site = await makeSite(owner, 'abtest.example.com');
    await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
    const goal = await owner.client
      .collection('goals')
      .create({ site_id: site.id, name: 'Signup', type: 'url', match: '/thank-you', enabled: true });
    const experiment = (selector: string, change: object) =>
      owner.client.collection('experiments').create({
        site_id: site.id,
        name: `Test on ${selector}`,
        selector,
        status: 'running',
        primary_goal: goal.id,
        variants: [
          { key: 'control', name: 'Control', weight: 0.5, changes: [] },
          { key: 'b', name: 'B', weight: 0.5, changes: [change] },
        ],
      });
    await experiment('.hero h1', { type: 'set_text', value: 'Start free today' });
    await experiment('body', { type: 'inject_css', value: 'p{color:red}' });
    const res = await fetch(`${server.url}/t/${site.public_key}.css`);
    expect(await res.text()).toBe(':is(.hero h1):not([data-cro-on]){visibility:hidden!important}\n');
    expect(await script(site)).toContain(RULES_MARKER);
  });
});
