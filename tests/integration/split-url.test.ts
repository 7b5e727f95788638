/**
 * Split-URL (redirect) tests over the real API: what a variant URL may be (a 400 that says what to
 * fix, nothing stored: other hosts, other schemes, a URL the original's pattern covers, so a
 * redirect loop cannot be saved), the audit entries of the type and URLs, what the site's script
 * and hide stylesheet then carry (the targeting build with the variants' URLs; the page hidden
 * until the tracker decides), and exposures counted once per visitor for the results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';
import { storedExposures } from '../helpers/stored-events';
import { batch, post, rid } from './analytics/helpers';

let server: TestServer, owner: TestUser, editor: TestUser, siteId: string;
beforeAll(async () => {
  ({ server, owner, editor, siteId } = await startSuite({
    users: ['owner', 'editor'],
    site: 'shop.example.com',
    roles: { editor: 'editor' },
    env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' }, // 300 visitors' batches at once
  }));
  await server.admin.collection('sites').update(siteId, { plan_tier: 'growth', staging_domain: 'staging.shop.example.com' });
});
afterAll(async () => server?.stop());

const count = async (collection: string, filter = '') => (await server.admin.collection(collection).getFullList({ filter })).length;

function splitTest(variantUrl: unknown, extra: Record<string, unknown> = {}) {
  return {
    site_id: siteId,
    name: 'Landing B',
    test_type: 'split_url',
    url_pattern: '/landing',
    selector: '',
    primary_goal: 'revenue',
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Landing B', weight: 0.5, changes: [], url: variantUrl },
    ],
    ...extra,
  };
}

describe('saving a split URL test', () => {
  const bad: Array<[string, Record<string, unknown>, string]> = [
    [
      'a variant on another site',
      splitTest('https://evil.example/landing-b'),
      "Variant 1's URL must stay on the site's own domain (shop.example.com, www.shop.example.com, staging.shop.example.com), not evil.example",
    ],
    [
      'a look-alike host',
      splitTest('https://shop.example.com.evil.example/landing-b'),
      "Variant 1's URL must stay on the site's own domain (shop.example.com, www.shop.example.com, staging.shop.example.com), not shop.example.com.evil.example",
    ],
    [
      'a javascript: URL',
      splitTest('javascript:alert(document.cookie)'),
      "Variant 1's URL must be a path starting with / or an http(s):// address on the site (javascript:, data: and other schemes are refused)",
    ],
    [
      'a data: URL',
      splitTest('data:text/html,<script>alert(1)</script>'),
      "Variant 1's URL must be a path starting with / or an http(s):// address on the site (javascript:, data: and other schemes are refused)",
    ],
    [
      'a data: URL without markup',
      splitTest('data:text/html;base64,PHNjcmlwdD4='),
      "Variant 1's URL must be a path starting with / or an http(s):// address on the site (javascript:, data: and other schemes are refused)",
    ],
    [
      'a protocol-relative URL',
      splitTest('//evil.example/landing-b'),
      "Variant 1's URL must be a path starting with / or an http(s):// address on the site (javascript:, data: and other schemes are refused)",
    ],
    ['no URL', splitTest(''), 'Variant 1 needs a URL (a path such as /landing-b, or an address on the site)'],
    [
      'a query on the variant',
      splitTest('/landing-b?v=b'),
      "Variant 1's URL may not carry a query or fragment: the visitor's own are kept",
    ],
    [
      'a variant the original covers',
      splitTest('/landing-b', { url_pattern: '/landing*' }),
      "Variant 1's URL /landing-b matches the original's URL pattern /landing*: visitors would be redirected again",
    ],
    [
      'the original itself by its full address',
      splitTest('https://www.shop.example.com/landing'),
      "Variant 1's URL https://www.shop.example.com/landing matches the original's URL pattern /landing: visitors would be redirected again",
    ],
    [
      'a mapping back into the original',
      splitTest('/shop/b/*', { url_pattern: '/shop/*' }),
      "Variant 1's URL /shop/b/* matches the original's URL pattern /shop/*: visitors would be redirected again",
    ],
    [
      'a mapping a full-URL original covers',
      splitTest('/p-b*', { url_pattern: 'https://shop.example.com/p*' }),
      "Variant 1's URL /p-b* matches the original's URL pattern https://shop.example.com/p*: visitors would be redirected again",
    ],
    [
      'more wildcards than the original',
      splitTest('/new/*/*', { url_pattern: '/shop/*' }),
      "Variant 1's URL has more * than the original's URL pattern: each * takes what a * of the original matched",
    ],
    [
      'no original page',
      splitTest('/b', { url_pattern: '' }),
      "A split URL test needs the original page's URL pattern (e.g. /landing), not every page",
    ],
    [
      'every page as the original',
      splitTest('/b', { url_pattern: '/*' }),
      "Variant 1's URL /b matches the original's URL pattern /*: visitors would be redirected again",
    ],
    [
      'changes on a variant',
      {
        ...splitTest('/landing-b'),
        variants: [
          { key: 'control', name: 'Control', weight: 0.5, changes: [] },
          { key: 'b', name: 'B', weight: 0.5, changes: [{ type: 'set_text', value: 'x' }], url: '/landing-b' },
        ],
      },
      'Variant 1 of a split URL test sends visitors to its URL and has no changes',
    ],
    ['a bandit', splitTest('/landing-b', { bandit: true }), 'A split URL test cannot run as a bandit: its weights stay as set'],
    ['a URL on an A/B test', splitTest('/landing-b', { test_type: 'ab', selector: 'h1' }), 'Only a split URL test has variant URLs'],
  ];
  for (const [what, body, message] of bad) {
    it(`refuses ${what} with a 400 and stores nothing`, async () => {
      const before = await count('experiments');
      const audits = await count('optimization_audit_log');
      await expect(editor.client.collection('experiments').create({ ...body, site_id: siteId })).rejects.toMatchObject({
        status: 400,
        response: { message: `${message}.` }, // PocketBase ends the sentence
      });
      expect(await count('experiments')).toBe(before);
      expect(await count('optimization_audit_log')).toBe(audits);
    });
  }

  it('stores a path, an absolute URL on the site and a path mapping, each in the audit log', async () => {
    const x = await editor.client.collection('experiments').create(splitTest(' /landing-b '));
    expect(x.test_type).toBe('split_url');
    expect(x.variants[1].url).toBe('/landing-b');
    const created = await server.admin
      .collection('optimization_audit_log')
      .getFirstListItem(`experiment_id = "${x.id}" && action = "test_type_changed"`);
    expect(created.changes).toEqual({ test_type: 'split_url', variant_urls: { b: '/landing-b' } });
    expect(created.actor_id).toBe(editor.record.id);
    expect(created.reason).toBe('"Landing B": test type Split URL; variant URLs: b -> /landing-b');

    const variants = [x.variants[0], { ...x.variants[1], url: 'https://www.shop.example.com/landing-b' }];
    await editor.client.collection('experiments').update(x.id, { variants });
    const changed = await server.admin
      .collection('optimization_audit_log')
      .getFirstListItem(`experiment_id = "${x.id}" && action = "test_type_changed"`, { sort: '-created_at,-id' });
    expect(changed.changes).toEqual({ test_type: 'split_url', variant_urls: { b: 'https://www.shop.example.com/landing-b' } });
    expect(changed.previous).toEqual({ test_type: 'split_url', variant_urls: { b: '/landing-b' } });

    // An unchanged save adds no entry; a bad URL on an update changes nothing.
    const entries = await count('optimization_audit_log', `experiment_id = "${x.id}" && action = "test_type_changed"`);
    await editor.client.collection('experiments').update(x.id, { name: 'Landing B (renamed)' });
    await expect(
      editor.client
        .collection('experiments')
        .update(x.id, { variants: [x.variants[0], { ...x.variants[1], url: 'https://evil.example/b' }] }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await server.admin.collection('experiments').getOne(x.id)).variants[1].url).toBe('https://www.shop.example.com/landing-b');
    expect(await count('optimization_audit_log', `experiment_id = "${x.id}" && action = "test_type_changed"`)).toBe(entries);

    const mapped = await editor.client.collection('experiments').create(splitTest('/new-shop/*', { url_pattern: '/shop/*' }));
    expect(mapped.variants[1].url).toBe('/new-shop/*');
  });

  it('keeps the type of a started test', async () => {
    const x = await editor.client.collection('experiments').create(splitTest('/landing-b', { status: 'running' }));
    await expect(editor.client.collection('experiments').update(x.id, { test_type: 'ab' })).rejects.toMatchObject({
      status: 400,
      response: { message: 'The test type, pages and sections can only be changed while the experiment is a draft.' },
    });
    expect((await server.admin.collection('experiments').getOne(x.id)).test_type).toBe('split_url');
    await editor.client.collection('experiments').update(x.id, { status: 'completed' });
  });
});

describe("a split URL test's winner", () => {
  it('completes the test with its winner and an audit entry, and makes no rule', async () => {
    const key = (await server.admin.collection('sites').getOne(siteId)).public_key as string;
    const goal = await owner.client
      .collection('goals')
      .create({ site_id: siteId, name: 'Signup', type: 'url', match: '/thank-you', enabled: true });
    const x = await editor.client.collection('experiments').create(splitTest('/landing-b', { status: 'running', primary_goal: goal.id }));
    const t = Date.now() - 30 * 60_000;
    const sends = [];
    for (const [variant, page, users, converting] of [
      ['control', '/landing', 150, 15],
      ['b', '/landing-b', 150, 60],
    ] as const) {
      for (let i = 0; i < users; i++) {
        const events: object[] = [{ t: 'xp', ts: t, p: page, id: x.id, n: variant }];
        if (i < converting) events.push({ t: 'pv', ts: t + 1000, p: '/thank-you' });
        sends.push(post(server, batch(key, events, { v: rid('w'), s: rid('s') })));
        if (sends.length === 20) expect((await Promise.all(sends.splice(0))).every((r) => r.status === 202)).toBe(true);
      }
    }
    expect((await Promise.all(sends)).every((r) => r.status === 202)).toBe(true);
    const rules = await count('optimization_rules');
    const res = await fetch(`${server.url}/api/cro/experiments/${x.id}/declare-winner`, {
      method: 'POST',
      headers: { Authorization: editor.client.authStore.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'b' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ experimentId: x.id, winner: 'b', ruleId: '' });
    expect(await count('optimization_rules')).toBe(rules);
    expect(await server.admin.collection('experiments').getOne(x.id)).toMatchObject({ status: 'completed', winner: 'b' });
    const entry = await server.admin
      .collection('optimization_audit_log')
      .getFirstListItem(`experiment_id = "${x.id}" && action = "winner_declared"`);
    expect(entry.reason).toBe('Winner of split URL test "Landing B": Landing B');
  });
});

describe('a running split URL test', () => {
  let x: RecordModel;
  let key: string;
  beforeAll(async () => {
    key = (await server.admin.collection('sites').getOne(siteId)).public_key as string;
    x = await editor.client.collection('experiments').create(splitTest('/landing-b', { status: 'running', name: 'Live landing B' }));
  });

  it('gives the site the targeting build with the variant URLs and hides the page until the tracker decides', async () => {
    const js = await (await fetch(`${server.url}/t/${key}.js`)).text();
    const cfg = JSON.parse(js.slice(js.lastIndexOf('})(') + 3, js.lastIndexOf(');'))) as {
      x: { i: string; v: { k: string; l?: string }[] }[];
    };
    const test = cfg.x.find((t) => t.i === x.id)!;
    expect(test.v.map((v) => [v.k, v.l])).toEqual([
      ['control', undefined],
      ['b', '/landing-b'],
    ]);
    expect(js).toContain('visibility="hidden"'); // the redirect's code: only the targeting build has it
    const css = await (await fetch(`${server.url}/t/${key}.css`)).text();
    expect(css).toContain('html{visibility:hidden!important}');
  });

  it('counts each visitor once, on the landing page for the variant and on the original for the control', async () => {
    const t = Date.now() - 60_000;
    const send = (events: object[], v: string) => post(server, batch(key, events, { v, s: rid('s') }));
    const variantVisitors = [rid('vb'), rid('vb'), rid('vb')];
    const controlVisitors = [rid('vc'), rid('vc')];
    for (const v of variantVisitors) {
      // The landing page reports the exposure; a second report (another tab, a reload) is the same exposure.
      expect((await send([{ t: 'xp', ts: t, p: '/landing-b', id: x.id, n: 'b' }], v)).status).toBe(202);
      expect((await send([{ t: 'xp', ts: t + 1000, p: '/landing-b', id: x.id, n: 'b' }], v)).status).toBe(202);
    }
    for (const v of controlVisitors) expect((await send([{ t: 'xp', ts: t, p: '/landing', id: x.id, n: 'control' }], v)).status).toBe(202);
    const exposures = await storedExposures(server, siteId, x.id);
    expect(exposures.map((e) => e.variant).sort()).toEqual(['b', 'b', 'b', 'control', 'control']);
    const res = await fetch(`${server.url}/api/cro/experiments/${x.id}/results`, {
      headers: { Authorization: owner.client.authStore.token },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { variants: { key: string; users: number }[] };
    expect(body.variants.map((v) => [v.key, v.users])).toEqual([
      ['control', 2],
      ['b', 3],
    ]);
  });
});
