/**
 * Multi-page and multivariate tests on the server (issue 34, items 5 and 6): their pages and
 * sections are checked before the save (a 400 saying what to fix, nothing stored) and audited;
 * the tracker's config carries one entry per page or section with the test's id and seed; a
 * visitor exposed on two pages counts once; a multivariate test's results give every combination
 * and each section's main effect, corrected as the engine's own command corrects them; a
 * multi-page winner becomes one rule per page.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { addMember } from '../helpers/site-access';
import { batch, makeSite, post, rid } from './analytics/helpers';

const ROOT = join(import.meta.dirname, '..', '..');

let server: TestServer;
let owner: TestUser;
let editor: TestUser;
let site: RecordModel;
let goal: RecordModel;

type Interval = [number | null, number | null];
type Stats = { p_value: number; uplift: number; uplift_ci: Interval; p_value_adjusted: number | null; uplift_ci_adjusted: Interval | null };
type Effect = { key: string; name: string; users: number; conversions: number; stats?: Stats };
type Body = {
  testType: string;
  variants: { key: string; users: number; conversions: number; combination?: number[]; stats?: Stats; can_declare_winner: boolean }[];
  correction: { method: string; family_size: number };
  mainEffects: {
    sections: { key: string; name: string; alternatives: Effect[] }[];
    correction: { method: string; chosen: string; family_size: number };
  } | null;
};
type Part = { i: string; s: string; p: number; u?: string; q?: string; v: { k: string; w: number; c: object[] }[] };

const SECTIONS = [
  {
    key: 'headline',
    name: 'Headline',
    selector: 'h1.hero',
    alternatives: [
      { key: 'original', name: 'Original' },
      { key: 'short', name: 'Short', changes: [{ type: 'set_text', value: 'Ship faster' }] },
    ],
  },
  {
    key: 'button',
    name: 'Button',
    selector: 'button.buy',
    alternatives: [
      { key: 'original', name: 'Original' },
      { key: 'green', name: 'Green', changes: [{ type: 'set_style', name: 'background-color', value: 'green' }] },
    ],
  },
];

const PAGES = [
  { name: 'Product', url_pattern: '/product/*', selector: 'button.add' },
  { name: 'Cart', url_pattern: '/cart', selector: '.checkout' },
];

const MULTI_PAGE_VARIANTS = [
  { key: 'control', name: 'Control', weight: 0.5, pages: [[], []] },
  {
    key: 'b',
    name: 'Free shipping',
    weight: 0.5,
    pages: [[{ type: 'set_text', value: 'Add, ships free' }], [{ type: 'set_text', value: 'Checkout, shipping is free' }]],
  },
];

function create(body: object) {
  return fetch(`${server.url}/api/collections/experiments/records`, {
    method: 'POST',
    headers: { Authorization: editor.client.authStore.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ site_id: site.id, name: 'Test', primary_goal: goal.id, status: 'running', ...body }),
  });
}

async function count() {
  return (await server.admin.collection('experiments').getFullList({ filter: `site_id = "${site.id}"` })).length;
}

async function audit(exp: RecordModel) {
  return server.admin.collection('optimization_audit_log').getFullList({ filter: `experiment_id = "${exp.id}"`, sort: 'created_at' });
}

async function results(exp: RecordModel): Promise<Body> {
  const res = await fetch(`${server.url}/api/cro/experiments/${exp.id}/results`, {
    headers: { Authorization: editor.client.authStore.token },
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<Body>;
}

async function config(): Promise<{ x: Part[] }> {
  const script = await (await fetch(`${server.url}/t/${site.public_key}.js`)).text();
  return JSON.parse(script.slice(script.lastIndexOf('})(') + 3, script.lastIndexOf(');')));
}

/** `users` visitors exposed to `variant` on each of `pages` in turn; the first `conversions` then reach the goal. */
async function drive(exp: RecordModel, variant: string, users: number, conversions: number, pages = ['/landing']) {
  const t = Date.now() - 30 * 60_000;
  const sends = [];
  for (let i = 0; i < users; i++) {
    const ids = { v: rid('v'), s: rid('s') };
    const events: object[] = pages.map((p, k) => ({ t: 'xp', ts: t + k * 1000, p, id: exp.id, n: variant }));
    if (i < conversions) events.push({ t: 'pv', ts: t + 10_000, p: '/thank-you' });
    // One batch per page, as the tracker sends them from each page.
    for (const e of events) sends.push(post(server, batch(site.public_key as string, [e], ids)));
    if (sends.length >= 20) expect((await Promise.all(sends.splice(0))).every((r) => r.status === 202)).toBe(true);
  }
  expect((await Promise.all(sends)).every((r) => r.status === 202)).toBe(true);
}

/** The engine's correction of a family of tests, from its own command (schema v2). */
function corrected(correction: string, tests: { id: string; p_value: number; effect: number; ci: Interval }[]) {
  const input = JSON.stringify({
    schema: 'experiment-stats-vectors/2',
    cases: [{ id: 'family', category: 'multiple_comparisons', tests, settings: { correction } }],
  });
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'experiment-stats.mjs')], { cwd: ROOT, input, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout).cases[0].expected.tests as { id: string; p_value_adjusted: number; ci_adjusted: Interval }[];
}

beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' } });
  [owner, editor] = await Promise.all([server.createUser(), server.createUser()]);
  site = await makeSite(owner);
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await addMember(server, site.id, editor, 'editor');
  goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Thank you', type: 'url', match: '/thank-you', enabled: true });
});
afterAll(async () => server?.stop());

describe('bad designs get a 400 that says what to fix, and nothing is stored', () => {
  it('refuses each of them', async () => {
    const sections3x3x2 = [
      {
        ...SECTIONS[0],
        alternatives: [...SECTIONS[0]!.alternatives, { key: 'long', changes: [{ type: 'set_text', value: 'Ship much faster' }] }],
      },
      {
        ...SECTIONS[1],
        alternatives: [...SECTIONS[1]!.alternatives, { key: 'red', changes: [{ type: 'set_style', name: 'color', value: 'red' }] }],
      },
      { key: 'badge', selector: '.badge', alternatives: [{ key: 'original' }, { key: 'hidden', changes: [{ type: 'hide' }] }] },
    ];
    const cases: [object, string][] = [
      [{ test_type: 'funnel' }, 'Test type must be one of ab, split_url, multi_page, multivariate.'],
      [
        { test_type: 'multivariate', sections: sections3x3x2 },
        'A multivariate test may have at most 16 combinations; this one has 3 × 3 × 2 = 18. Remove an alternative or a section.',
      ],
      [{ test_type: 'multivariate', sections: [SECTIONS[0]] }, 'A multivariate test needs 2 or 3 sections.'],
      [
        { test_type: 'multivariate', sections: [SECTIONS[0], { ...SECTIONS[1], alternatives: [{ key: 'original' }] }] },
        'Section 2 needs at least 2 alternatives: the original and one change.',
      ],
      [
        { test_type: 'multivariate', sections: [SECTIONS[0], { ...SECTIONS[1], selector: 'h1.hero' }] },
        'Section 2 changes the same element as another section.',
      ],
      [
        { test_type: 'multivariate', sections: [SECTIONS[0], { ...SECTIONS[1], selector: 'script' }] },
        'Section 2: the selector is refused: it names <script>, and no change may touch a <script> element.',
      ],
      [{ test_type: 'multi_page', pages: [PAGES[0]], variants: MULTI_PAGE_VARIANTS }, 'A multi-page test needs 2 to 5 pages.'],
      [
        { test_type: 'multi_page', pages: [PAGES[0], { name: 'Cart', selector: '.checkout' }], variants: MULTI_PAGE_VARIANTS },
        'Page 2 needs a URL pattern.',
      ],
      [
        {
          test_type: 'multi_page',
          pages: PAGES,
          variants: [
            MULTI_PAGE_VARIANTS[0],
            { ...MULTI_PAGE_VARIANTS[1], pages: [[], [{ type: 'set_attribute', name: 'onclick', value: 'x()' }]] },
          ],
        },
        'Variant 1, page 2 (Cart): Change 1 may not set the onclick attribute.',
      ],
      [
        { test_type: 'multi_page', pages: PAGES, variants: [MULTI_PAGE_VARIANTS[0], { ...MULTI_PAGE_VARIANTS[1], pages: [[], []] }] },
        'Variant 1 changes none of the pages.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, message).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    expect(await count()).toBe(0);
    expect(await server.admin.collection('optimization_audit_log').getFullList({ filter: `site_id = "${site.id}"` })).toHaveLength(0);
  });
});

describe('a multivariate test of two sections', () => {
  let exp: RecordModel;
  beforeAll(async () => {
    const res = await create({ name: 'Hero', url_pattern: '/landing', test_type: 'multivariate', sections: SECTIONS, correction: '' });
    expect(res.status).toBe(200);
    exp = await res.json();
  });

  it('is stored as its four combinations, equal shares, and audited', async () => {
    expect(
      exp.variants.map((v: { key: string; weight: number; combination: number[]; name: string }) => [
        v.key,
        v.weight,
        v.combination,
        v.name,
      ]),
    ).toEqual([
      ['control', 0.25, [0, 0], 'Headline: Original · Button: Original'],
      ['m01', 0.25, [0, 1], 'Headline: Original · Button: Green'],
      ['m10', 0.25, [1, 0], 'Headline: Short · Button: Original'],
      ['m11', 0.25, [1, 1], 'Headline: Short · Button: Green'],
    ]);
    expect(exp.selector).toBe('');
    const entries = (await audit(exp)).filter((a) => a.action === 'design_changed');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor_id).toBe(editor.record.id);
    expect(entries[0]!.previous).toEqual({ test_type: 'ab', sections: null });
    expect(entries[0]!.changes.test_type).toBe('multivariate');
    expect(entries[0]!.changes.sections.map((s: { key: string }) => s.key)).toEqual(['headline', 'button']);
  });

  it("reaches the tracker as one entry per section with the test's id, seed and combinations", async () => {
    const parts = (await config()).x.filter((x) => x.i === exp.id);
    expect(parts.map((x) => [x.u, x.q, x.s, x.p])).toEqual([
      ['/landing', 'h1.hero', exp.seed, 100],
      ['/landing', 'button.buy', exp.seed, 100],
    ]);
    expect(parts[0]!.v).toEqual([
      { k: 'control', w: 0.25, c: [] },
      { k: 'm01', w: 0.25, c: [] },
      { k: 'm10', w: 0.25, c: [{ type: 'set_text', value: 'Ship faster' }] },
      { k: 'm11', w: 0.25, c: [{ type: 'set_text', value: 'Ship faster' }] },
    ]);
    expect(parts[1]!.v.map((v) => v.c.length)).toEqual([0, 1, 0, 1]);
  });

  it('refuses a change of its sections once started (400, nothing changed)', async () => {
    const res = await fetch(`${server.url}/api/collections/experiments/records/${exp.id}`, {
      method: 'PATCH',
      headers: { Authorization: editor.client.authStore.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ sections: [SECTIONS[1], SECTIONS[0]], name: 'Renamed' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The test type, pages and sections can only be changed while the experiment is a draft.');
    const stored = await server.admin.collection('experiments').getOne(exp.id);
    expect([stored.name, stored.sections[0].key]).toEqual(['Hero', 'headline']);
  });

  it('gives every combination and each section pooled over the other, corrected as the engine corrects', async () => {
    await drive(exp, 'control', 100, 10);
    await drive(exp, 'm01', 100, 12);
    await drive(exp, 'm10', 100, 25);
    await drive(exp, 'm11', 100, 27);
    const body = await results(exp);
    expect(body.testType).toBe('multivariate');
    expect(body.variants.map((v) => [v.key, v.users, v.conversions, v.combination])).toEqual([
      ['control', 100, 10, [0, 0]],
      ['m01', 100, 12, [0, 1]],
      ['m10', 100, 25, [1, 0]],
      ['m11', 100, 27, [1, 1]],
    ]);
    // The combinations: three against the all-original control, Holm-Bonferroni by default.
    expect(body.correction.method).toBe('holm-bonferroni');
    expect(body.correction.family_size).toBe(3);
    const effects = body.mainEffects!;
    expect(effects.sections.map((s) => [s.key, s.alternatives.map((a) => [a.key, a.users, a.conversions])])).toEqual([
      [
        'headline',
        [
          ['original', 200, 22],
          ['short', 200, 52],
        ],
      ],
      [
        'button',
        [
          ['original', 200, 35],
          ['green', 200, 39],
        ],
      ],
    ]);
    expect(effects.correction).toEqual({ method: 'holm-bonferroni', chosen: '', family_size: 2 });
    const short = effects.sections[0]!.alternatives[1]!.stats!;
    const green = effects.sections[1]!.alternatives[1]!.stats!;
    expect(effects.sections[0]!.alternatives[0]!.stats).toBeUndefined();
    expect(short.uplift).toBeCloseTo(52 / 22 - 1, 12);
    const want = corrected('holm-bonferroni', [
      { id: 'headline', p_value: short.p_value, effect: short.uplift, ci: short.uplift_ci },
      { id: 'button', p_value: green.p_value, effect: green.uplift, ci: green.uplift_ci },
    ]);
    expect(short.p_value_adjusted).toBe(want[0]!.p_value_adjusted);
    expect(short.uplift_ci_adjusted).toEqual(want[0]!.ci_adjusted);
    expect(green.p_value_adjusted).toBe(want[1]!.p_value_adjusted);

    // The owner's correction holds for the sections too.
    await editor.client.collection('experiments').update(exp.id, { correction: 'benjamini-hochberg' });
    const bh = (await results(exp)).mainEffects!;
    expect(bh.correction).toEqual({ method: 'benjamini-hochberg', chosen: 'benjamini-hochberg', family_size: 2 });
    const s = bh.sections[0]!.alternatives[1]!.stats!;
    const g = bh.sections[1]!.alternatives[1]!.stats!;
    const wantBH = corrected('benjamini-hochberg', [
      { id: 'headline', p_value: s.p_value, effect: s.uplift, ci: s.uplift_ci },
      { id: 'button', p_value: g.p_value, effect: g.uplift, ci: g.uplift_ci },
    ]);
    expect(s.p_value_adjusted).toBe(wantBH[0]!.p_value_adjusted);
    expect(g.p_value_adjusted).toBe(wantBH[1]!.p_value_adjusted);
  });
});

describe('a multi-page test over product and cart', () => {
  let exp: RecordModel;
  beforeAll(async () => {
    const res = await create({
      name: 'Free shipping',
      test_type: 'multi_page',
      pages: PAGES,
      variants: MULTI_PAGE_VARIANTS,
      url_pattern: '/ignored',
      correction: 'none',
    });
    expect(res.status).toBe(200);
    exp = await res.json();
  });

  it('is stored with its pages, audited, and reaches the tracker as one entry per page', async () => {
    expect([exp.url_pattern, exp.selector, exp.pages]).toEqual(['', '', PAGES]);
    const entry = (await audit(exp)).find((a) => a.action === 'design_changed')!;
    expect(entry.changes).toEqual({ test_type: 'multi_page', pages: PAGES });
    const parts = (await config()).x.filter((x) => x.i === exp.id);
    expect(parts.map((x) => [x.u, x.q, x.s, x.v.map((v) => [v.k, v.w, v.c])])).toEqual([
      [
        '/product/*',
        'button.add',
        exp.seed,
        [
          ['control', 0.5, []],
          ['b', 0.5, MULTI_PAGE_VARIANTS[1]!.pages[0]],
        ],
      ],
      [
        '/cart',
        '.checkout',
        exp.seed,
        [
          ['control', 0.5, []],
          ['b', 0.5, MULTI_PAGE_VARIANTS[1]!.pages[1]],
        ],
      ],
    ]);
  });

  it('counts a visitor exposed on both pages once, and deploys the winner as one rule per page', async () => {
    await drive(exp, 'control', 60, 5, ['/product/1', '/cart']);
    await drive(exp, 'b', 60, 30, ['/product/1', '/cart']);
    const body = await results(exp);
    expect(body.variants.map((v) => [v.key, v.users, v.conversions])).toEqual([
      ['control', 60, 5],
      ['b', 60, 30],
    ]);
    expect(body.mainEffects).toBeNull();
    expect(body.variants[1]!.can_declare_winner).toBe(true);
    const res = await fetch(`${server.url}/api/cro/experiments/${exp.id}/declare-winner`, {
      method: 'POST',
      headers: { Authorization: editor.client.authStore.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'b' }),
    });
    expect(res.status).toBe(200);
    const rules = await server.admin
      .collection('optimization_rules')
      .getFullList({ filter: `site_id = "${site.id}"`, sort: 'url_pattern' });
    expect(rules.map((r) => [r.url_pattern, r.selector, r.changes, r.enabled])).toEqual([
      ['/cart', '.checkout', MULTI_PAGE_VARIANTS[1]!.pages[1], true],
      ['/product/*', 'button.add', MULTI_PAGE_VARIANTS[1]!.pages[0], true],
    ]);
    expect((await server.admin.collection('experiments').getOne(exp.id)).status).toBe('completed');
  });
});
