/**
 * Audiences over the real API: what may be stored (a 400 naming what to fix, nothing changed),
 * the audit entries, rules and tests that target one (same site only; a rule's holdout), and what
 * the site's script then carries: the audience build with the definitions and the visitor's
 * country from the bundled database, resolved from the address a trusted proxy reports
 * (PocketBase's trusted-proxy setting, as a deployment behind a proxy configures it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { sessionVisitors, storedEvents } from '../helpers/stored-events';
import { startSuite } from '../helpers/suite';
import { CHROME_UA, ORIGIN, batch, rid } from './analytics/helpers';

/** KTH's network in Stockholm: the bundled IP-to-country database places it in Sweden. */
const SWEDISH_ADDRESS = '130.237.28.40';
const NEWSLETTER_IN_SWEDEN = {
  name: 'Newsletter readers in Sweden',
  match: 'all',
  conditions: [
    { kind: 'utm_source', op: 'is', value: 'newsletter' },
    { kind: 'country', op: 'is', value: 'se' },
  ],
};
const RULE = {
  rule_type: 'cta_text',
  name: 'Swedish newsletter headline',
  selector: 'h1',
  changes: [{ type: 'set_text', value: 'Välkommen tillbaka!' }],
  enabled: true,
  rollout_percentage: 100,
};

let server: TestServer, owner: TestUser, editor: TestUser, viewer: TestUser, stranger: TestUser, siteId: string, otherSiteId: string;
beforeAll(async () => {
  ({ server, owner, editor, viewer, stranger, siteId } = await startSuite({
    users: ['owner', 'editor', 'viewer', 'stranger'],
    site: 'shop.example.com',
    roles: { editor: 'editor', viewer: 'viewer' },
  }));
  await server.admin.collection('sites').update(siteId, { plan_tier: 'growth' });
  otherSiteId = (await stranger.client.collection('sites').create({ user_id: stranger.record.id, domain: 'other.example.com' })).id;
  await server.admin.settings.update({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: false } });
});
afterAll(async () => server?.stop());

const count = async (collection: string, filter = '') => (await server.admin.collection(collection).getFullList({ filter })).length;

describe('saving an audience', () => {
  const bad: Array<[string, object, string]> = [
    ['no name', { ...NEWSLETTER_IN_SWEDEN, name: '  ' }, 'An audience needs a name of 1 to 100 characters.'],
    ['no conditions', { ...NEWSLETTER_IN_SWEDEN, conditions: [] }, 'An audience needs 1 to 20 conditions.'],
    [
      'an unknown kind',
      { ...NEWSLETTER_IN_SWEDEN, conditions: [{ kind: 'shoe_size', op: 'is', value: '42' }] },
      'Condition 1: kind must be one of device, browser, os, country, language, utm_source, utm_medium, utm_campaign, traffic_source, referrer_host, landing_page, url, query, visitor, sessions, day_of_week, hour, cookie, attribute.',
    ],
    [
      'an operator the kind lacks',
      { ...NEWSLETTER_IN_SWEDEN, conditions: [{ kind: 'country', op: 'gt', value: 'SE' }] },
      'Condition 1 (Country): op must be one of is, is_not, contains, not_contains, starts_with.',
    ],
    [
      'a country that is no code',
      { ...NEWSLETTER_IN_SWEDEN, conditions: [{ kind: 'country', op: 'is', value: 'Sweden' }] },
      'Condition 1 (Country): use two-letter country codes such as SE.',
    ],
    [
      'an hour past 23',
      { ...NEWSLETTER_IN_SWEDEN, conditions: [{ kind: 'hour', op: 'gte', value: 24 }] },
      'Condition 1 (Hour of day): the value must be a whole number from 0 to 23.',
    ],
    [
      'a cookie without a name',
      { ...NEWSLETTER_IN_SWEDEN, conditions: [{ kind: 'cookie', op: 'is', value: 'yes' }] },
      'Condition 1 (Cookie): name must be 1 to 64 letters, digits, dots, dashes or underscores.',
    ],
    ['match neither all nor any', { ...NEWSLETTER_IN_SWEDEN, match: 'most' }, 'Match must be all or any.'],
  ];
  for (const [what, body, message] of bad) {
    it(`refuses ${what} with a 400 and stores nothing`, async () => {
      const before = await count('audiences');
      const audits = await count('optimization_audit_log');
      await expect(editor.client.collection('audiences').create({ site_id: siteId, ...body })).rejects.toMatchObject({
        status: 400,
        message,
      });
      expect(await count('audiences')).toBe(before);
      expect(await count('optimization_audit_log')).toBe(audits);
    });
  }

  it('stores a valid one normalized, with its audit entry; viewers and strangers may not write', async () => {
    const a = await editor.client.collection('audiences').create({ site_id: siteId, ...NEWSLETTER_IN_SWEDEN });
    expect(a.conditions[1]).toEqual({ kind: 'country', op: 'is', value: 'SE' });
    const entry = await server.admin.collection('optimization_audit_log').getFirstListItem(`audience_id = "${a.id}"`);
    expect(entry).toMatchObject({ action: 'audience_created', reason: 'Audience created', actor_id: editor.record.id });
    await expect(viewer.client.collection('audiences').create({ site_id: siteId, ...NEWSLETTER_IN_SWEDEN })).rejects.toMatchObject({
      status: 400,
    });
    await expect(stranger.client.collection('audiences').getOne(a.id)).rejects.toMatchObject({ status: 404 });
    const changed = await owner.client.collection('audiences').update(a.id, { name: 'Swedish newsletter readers' });
    expect(changed.name).toBe('Swedish newsletter readers');
    const update = await server.admin
      .collection('optimization_audit_log')
      .getFirstListItem(`audience_id = "${a.id}" && action = "audience_updated"`);
    expect(update.reason).toBe('Audience changed: name');
    expect(update.changes.previous).toEqual({ name: NEWSLETTER_IN_SWEDEN.name });
  });
});

describe('rules and tests target an audience', () => {
  let audienceId: string;
  let ruleId: string;
  beforeAll(async () => {
    audienceId = (await editor.client.collection('audiences').create({ site_id: siteId, ...NEWSLETTER_IN_SWEDEN })).id;
  });

  it("refuses another site's audience and a holdout over 50%, changing nothing", async () => {
    const foreign = (await stranger.client.collection('audiences').create({ site_id: otherSiteId, ...NEWSLETTER_IN_SWEDEN })).id;
    const before = await count('optimization_rules');
    const rules = editor.client.collection('optimization_rules');
    await expect(rules.create({ site_id: siteId, ...RULE, audience: foreign })).rejects.toMatchObject({
      status: 400,
      message: 'The audience does not exist.',
    });
    await expect(rules.create({ site_id: siteId, ...RULE, audience: audienceId, holdout_percentage: 60 })).rejects.toMatchObject({
      status: 400,
      message: 'Holdout percentage must be a whole number from 0 to 50.',
    });
    expect(await count('optimization_rules')).toBe(before);
    const test = {
      site_id: siteId,
      name: 'Headline test',
      selector: 'h1',
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'B', weight: 0.5, changes: [{ type: 'set_text', value: 'Hej' }] },
      ],
      primary_goal: 'revenue',
      audience: foreign,
    };
    const tests = await count('experiments');
    await expect(editor.client.collection('experiments').create(test)).rejects.toMatchObject({
      status: 400,
      message: 'The audience does not exist.',
    });
    expect(await count('experiments')).toBe(tests);
    const draft = await editor.client.collection('experiments').create({ ...test, audience: audienceId });
    expect(draft.audience).toBe(audienceId);
    const entry = await server.admin.collection('optimization_audit_log').getFirstListItem(`experiment_id = "${draft.id}"`);
    expect(entry.reason).toBe('User targeted the test to an audience');
    await editor.client.collection('experiments').delete(draft.id);
  });

  it('a targeted rule is a personalization holding out 10% by default; the change is audited', async () => {
    const rule = await editor.client.collection('optimization_rules').create({ site_id: siteId, ...RULE, audience: audienceId });
    ruleId = rule.id;
    expect(rule.holdout_percentage).toBe(10);
    await editor.client.collection('optimization_rules').update(ruleId, { holdout_percentage: 20 });
    const entry = await server.admin
      .collection('optimization_audit_log')
      .getFirstListItem(`rule_id = "${ruleId}" && action = "updated"`, { sort: '-created_at' });
    expect(entry.reason).toBe('Holdout changed to 20%');
    await expect(editor.client.collection('optimization_rules').update(ruleId, { holdout_percentage: 12.5 })).rejects.toMatchObject({
      status: 400,
      message: 'Holdout percentage must be a whole number from 0 to 50.',
    });
    expect((await server.admin.collection('optimization_rules').getOne(ruleId)).holdout_percentage).toBe(20);
  });

  it('an audience a rule targets cannot be deleted', async () => {
    await expect(editor.client.collection('audiences').delete(audienceId)).rejects.toMatchObject({
      status: 400,
      message: 'This audience is targeted by the rule "Swedish newsletter headline": change its audience first.',
    });
    expect(await count('audiences', `id = "${audienceId}"`)).toBe(1);
  });

  it("the script is the audience build with the definition and the visitor's own country", async () => {
    const key = (await server.admin.collection('sites').getOne(siteId)).public_key;
    const script = async (address: string) => {
      const res = await fetch(`${server.url}/t/${key}.js`, { headers: { 'X-Forwarded-For': address } });
      const text = await res.text();
      const cfg = JSON.parse(/\}\)\((\{.*\})\);\s*$/s.exec(text)![1]!);
      return { cfg, cache: res.headers.get('cache-control'), text };
    };
    const se = await script(SWEDISH_ADDRESS);
    expect(se.cache).toBe('private, max-age=60');
    expect(se.cfg.gc).toBe('SE');
    expect(se.cfg.au[audienceId]).toEqual({
      match: 'all',
      conditions: NEWSLETTER_IN_SWEDEN.conditions.map((c) => ({ ...c, value: c.value.toUpperCase() === 'SE' ? 'SE' : c.value })),
    });
    expect(se.cfg.r.find((r: { i: string }) => r.i === ruleId)).toMatchObject({ a: audienceId, h: 20 });
    expect(se.text).toContain('utm_source'); // the evaluator's context is in this build only
    expect((await script('8.8.8.8')).cfg.gc).toBe('US');
    expect((await script('127.0.0.1')).cfg.gc).toBe('');
  });
});

describe('country without a proxy header', () => {
  it("the Analytics country table counts the bundled database's country of the client address", async () => {
    const key = (await server.admin.collection('sites').getOne(siteId)).public_key;
    const res = await fetch(`${server.url}/api/cro/collect`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: ORIGIN, 'User-Agent': CHROME_UA, 'X-Forwarded-For': SWEDISH_ADDRESS },
      body: batch(key, [{ t: 'pv', ts: Date.now(), p: '/' }], { v: rid('visitor'), s: rid('session') }),
    });
    expect(res.status).toBe(202);
    await expect
      .poll(async () => {
        const report = await owner.client.send(`/api/cro/analytics/${siteId}?days=7`, {});
        return report.countries;
      })
      .toEqual([expect.objectContaining({ value: 'SE', sessions: 1 })]);
    const stored = await storedEvents(server, siteId);
    expect(stored.map((e) => e.country)).toEqual(['SE']);
    expect(JSON.stringify(stored)).not.toContain(SWEDISH_ADDRESS); // the address itself is never stored
  });
});

describe("a personalization's measured effect and the audiences' reach", () => {
  let ruleId: string;
  let key: string;
  const send = async (address: string, events: object[]) => {
    const res = await fetch(`${server.url}/api/cro/collect`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: ORIGIN, 'User-Agent': CHROME_UA, 'X-Forwarded-For': address },
      body: batch(key, events, { v: rid('visitor'), s: rid('session') }),
    });
    expect(res.status).toBe(202);
  };
  beforeAll(async () => {
    key = (await server.admin.collection('sites').getOne(siteId)).public_key;
    await owner.client.collection('goals').create({ site_id: siteId, name: 'Thank you', type: 'url', match: '/thank-you', enabled: true });
    const rule = await server.admin.collection('optimization_rules').getFirstListItem(`site_id = "${siteId}" && audience != ""`);
    ruleId = rule.id;
    // 40 held-out visitors, 10 of whom convert; 40 shown the rule, 25 of whom convert.
    const t = Date.now() - 60_000;
    for (let i = 0; i < 80; i++) {
      const held = i < 40;
      const converts = held ? i < 10 : i < 65;
      const events: object[] = [
        { t: 'pv', ts: t, p: '/' },
        { t: 'ex', ts: t + 10, p: '/', id: ruleId, ...(held ? { n: 'holdout' } : { val: 5 }) },
      ];
      if (converts) events.push({ t: 'pv', ts: t + 1000, p: '/thank-you' });
      await send(`198.51.100.${i + 1}`, events);
    }
    // Three newsletter readers in Sweden.
    for (let i = 0; i < 3; i++) await send(SWEDISH_ADDRESS, [{ t: 'pv', ts: t, p: '/', us: 'newsletter' }]);
  });

  it('compares the shown visitors with the holdout through the statistics engine', async () => {
    const effect = await viewer.client.send(`/api/cro/rules/${ruleId}/personalization`, {});
    expect(effect).toMatchObject({
      holdoutPercentage: 20,
      audienceName: 'Newsletter readers in Sweden',
      holdout: { visitors: 40, conversions: 10, rate: 0.25 },
      personalized: { visitors: 40, conversions: 25, rate: 0.625 },
      enough: true,
    });
    expect(effect.uplift).toBeCloseTo(1.5, 6);
    expect(effect.upliftCi[0]).toBeGreaterThan(0);
    expect(effect.pValue).toBeLessThan(0.05); // the engine's two-sided test of the relative uplift
    expect(effect.chanceToBeatHoldout).toBeGreaterThan(0.95);
    // The holdout is not counted as the rule's exposure anywhere else (health, reach).
    expect((await storedEvents(server, siteId)).filter((e) => e.rule === ruleId && e.type === 'exposure')).toHaveLength(40);
    await expect(stranger.client.send(`/api/cro/rules/${ruleId}/personalization`, {})).rejects.toMatchObject({ status: 404 });
    const plain = await owner.client
      .collection('optimization_rules')
      .create({ site_id: siteId, ...RULE, name: 'For everyone', enabled: false });
    await expect(owner.client.send(`/api/cro/rules/${plain.id}/personalization`, {})).rejects.toMatchObject({
      status: 400,
      message: 'This rule is not targeted to an audience, so it has no holdout to compare with.',
    });
  });

  it("gives each audience's share of last week's visitors", async () => {
    const reach = await viewer.client.send(`/api/cro/audiences/${siteId}/reach`, {});
    const visitors = await sessionVisitors(server, siteId, 0, Date.now() + 3_600_000);
    expect(reach.visitors).toBe(visitors);
    expect(reach.audiences.length).toBe(2);
    for (const a of reach.audiences) {
      expect(a.visitors).toBe(3);
      expect(a.share).toBeCloseTo(3 / visitors, 9);
    }
    await expect(stranger.client.send(`/api/cro/audiences/${siteId}/reach`, {})).rejects.toMatchObject({ status: 404 });
  });
});
