// The tracker's half of A/B tests outside the browser: who is in which variant on which page
// (targeting and assignment), and when an exposure is sent (once per visitor and experiment).
// The change engine applying the sets in a real page is covered by tests/e2e/experiments.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignVariant } from '../../src/lib/assignment';
import { experimentVariant, type ExperimentVisitor, type TrackerExperiment } from '../../src/lib/contracts/tracker-experiment';
import { experimentSets, exposed } from '../../src/tracker/experiments';
import { consent } from '../../src/tracker/ids';
import type { Ev } from '../../src/tracker/types';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

const headline = (over: Partial<TrackerExperiment> = {}): TrackerExperiment => ({
  i: 'exp1headline000',
  s: 'seed-headline',
  p: 100,
  u: '/pricing',
  q: 'h1',
  v: [
    { k: 'control', w: 0.5, c: [] },
    { k: 'b', w: 0.5, c: [{ type: 'set_text', value: 'Start free today' }] },
  ],
  ...over,
});

const ids = Array.from({ length: 400 }, (_, i) => `visitor${i.toString(36)}zz`);

describe('experimentVariant: targeting and assignment', () => {
  const who = (over: Partial<ExperimentVisitor> = {}): ExperimentVisitor => ({
    id: 'visitor-1',
    href: 'https://shop.example/pricing',
    device: 'desktop',
    isNew: true,
    ...over,
  });

  it('gives each visitor the variant of the shared assignment function, the same every time', () => {
    const x = headline();
    const got = ids.map((id) => experimentVariant(x, who({ id })));
    expect(got).toEqual(ids.map((id) => assignVariant(id, x.s, 1, [0.5, 0.5])));
    expect(ids.map((id) => experimentVariant(x, who({ id })))).toEqual(got);
    expect(new Set(got)).toEqual(new Set([0, 1]));
  });

  it('leaves out the traffic share not in the test, by the same hash', () => {
    const x = headline({ p: 30 });
    const got = ids.map((id) => experimentVariant(x, who({ id })));
    expect(got).toEqual(ids.map((id) => assignVariant(id, x.s, 0.3, [0.5, 0.5])));
    const inside = got.filter((v) => v >= 0).length;
    // Binomial(400, 0.3): 120 ± 3 standard deviations (9.2 each).
    expect(inside).toBeGreaterThan(92);
    expect(inside).toBeLessThan(148);
    expect(ids.map((id) => experimentVariant(headline({ p: 0 }), who({ id })))).toEqual(ids.map(() => -1));
  });

  it('only on the pages of its URL pattern (the rules matcher); every page without one', () => {
    expect(experimentVariant(headline(), who({ href: 'https://shop.example/checkout' }))).toBe(-1);
    expect(experimentVariant(headline(), who({ href: 'https://shop.example/pricing?plan=pro' }))).toBeGreaterThanOrEqual(0);
    expect(experimentVariant(headline({ u: undefined }), who({ href: 'https://shop.example/any/page' }))).toBeGreaterThanOrEqual(0);
  });

  it('only on the targeted device class', () => {
    expect(experimentVariant(headline({ d: 'mobile' }), who({ device: 'desktop' }))).toBe(-1);
    expect(experimentVariant(headline({ d: 'mobile' }), who({ device: 'mobile' }))).toBeGreaterThanOrEqual(0);
    expect(experimentVariant(headline({ d: 'desktop' }), who({ device: 'tablet' }))).toBe(-1);
  });

  it('only for the targeted visitor type', () => {
    expect(experimentVariant(headline({ n: 'new' }), who({ isNew: false }))).toBe(-1);
    expect(experimentVariant(headline({ n: 'new' }), who({ isNew: true }))).toBeGreaterThanOrEqual(0);
    expect(experimentVariant(headline({ n: 'returning' }), who({ isNew: true }))).toBe(-1);
    expect(experimentVariant(headline({ n: 'returning' }), who({ isNew: false }))).toBeGreaterThanOrEqual(0);
  });

  it('never without a visitor id (a visitor who must not be tracked)', () => {
    expect(experimentVariant(headline(), who({ id: '' }))).toBe(-1);
  });
});

describe('the tracker: variant sets and exposures', () => {
  let store: Map<string, string>;

  const page = (path: string, x: TrackerExperiment[], ua = DESKTOP) => {
    vi.stubGlobal('CRO_CFG', { k: 'key', dnt: true, x });
    vi.stubGlobal('location', new URL(`https://shop.example${path}`));
    vi.stubGlobal('navigator', { userAgent: ua });
  };

  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
    });
    // Outside a page served by the edge: no visitor cookie (a plain property, not a cookie jar).
    vi.stubGlobal('document', { cookie: '' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("gives a visitor the assigned variant's changes on the experiment's element, the control none", () => {
    const x = headline();
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      store.clear();
      page('/pricing', [x]);
      const sets = experimentSets(() => true);
      const v = store.get('cro_v')!;
      const k = assignVariant(v, x.s, 1, [0.5, 0.5]);
      expect(sets).toEqual([{ i: x.i, q: 'h1', c: x.v[k]!.c, n: x.v[k]!.k }]);
      seen.add(sets[0]!.n!);
      // Sticky: the next page view gives the same set.
      expect(experimentSets(() => true)).toEqual(sets);
    }
    expect(seen).toEqual(new Set(['control', 'b']));
  });

  it('gives nothing off its pages or devices, and nothing to visitors who must not be tracked', () => {
    page('/checkout', [headline()]);
    expect(experimentSets(() => true)).toEqual([]);
    page('/pricing', [headline({ d: 'mobile' })]);
    expect(experimentSets(() => true)).toEqual([]);
    page('/pricing', [headline({ d: 'mobile' })], PHONE);
    expect(experimentSets(() => true)).toHaveLength(1);
    store.clear();
    page('/pricing', [headline()]);
    expect(experimentSets(() => false)).toEqual([]);
    expect([...store.keys()]).toEqual([]); // nothing stored for them
    consent(false);
    expect(experimentSets(() => true)).toEqual([]);
    expect(store.get('cro_v')).toBeUndefined();
  });

  it("takes the edge's visitor cookie as the id, so the edge and the tracker assign alike; withdrawn consent tells the edge", () => {
    const x = headline();
    const edgeIds = ids.filter((id) => assignVariant(id, x.s, 1, [0.5, 0.5]) === 1).slice(0, 3);
    for (const id of edgeIds) {
      store.set('cro_v', 'olderlocalid00'); // an id this browser had before the site moved behind the edge
      document.cookie = `theme=dark; cro_v=${id}`;
      page('/pricing', [x]);
      expect(experimentSets(() => true)).toEqual([{ i: x.i, q: 'h1', c: x.v[1]!.c, n: 'b' }]);
      expect(store.get('cro_v')).toBe(id);
    }
    consent(false);
    expect(document.cookie).toBe('cro_v=-;path=/;max-age=31536000');
    expect(experimentSets(() => true)).toEqual([]);
    consent(true);
    expect(document.cookie).toBe('cro_v=-;path=/;max-age=0'); // dropped: the edge gives a new id
  });

  it('counts a visitor as new for the session their id was created in, returning after it', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 12) });
    const forNew = headline({ n: 'new', p: 100 });
    const forReturning = headline({ i: 'exp2returning00', n: 'returning', p: 100 });
    page('/pricing', [forNew, forReturning]);
    expect(experimentSets(() => true).map((s) => s.i)).toEqual([forNew.i]);
    vi.advanceTimersByTime(20 * 60_000); // the same session
    expect(experimentSets(() => true).map((s) => s.i)).toEqual([forNew.i]);
    vi.advanceTimersByTime(31 * 60_000); // 31 minutes idle: a new session
    expect(experimentSets(() => true).map((s) => s.i)).toEqual([forReturning.i]);
  });

  it('sends one exposure per visitor and experiment, and again for a new visitor id', () => {
    page('/pricing', [headline()]);
    const [set] = experimentSets(() => true);
    const sent: Ev[] = [];
    const push = (e: Ev) => sent.push(e);
    exposed(set!, push);
    exposed(set!, push); // the same page view
    exposed({ ...set! }, push); // a later page view
    expect(sent).toEqual([{ t: 'xp', id: set!.i, n: set!.n }]);
    exposed({ i: 'exp2other000000', q: '.cta', c: [], n: 'control' }, push);
    expect(sent.map((e) => e.id)).toEqual([set!.i, 'exp2other000000']);
    // Consent withdrawn and given again: a new visitor, who is exposed anew.
    consent(false);
    consent(true);
    const [again] = experimentSets(() => true);
    exposed(again!, push);
    expect(sent).toHaveLength(3);
    expect(sent[2]).toEqual({ t: 'xp', id: set!.i, n: again!.n });
  });

  it('keeps an exposed visitor in the variant first shown when the weights move (a bandit), and no one else', () => {
    const x = headline();
    const sent: Ev[] = [];
    // A visitor the first weights put in the control and the moved ones in the variant.
    const id = ids.find((v) => assignVariant(v, x.s, 1, [0.5, 0.5]) === 0 && assignVariant(v, x.s, 1, [0.1, 0.9]) === 1)!;
    store.set('cro_v', id);
    page('/pricing', [x]);
    const [first] = experimentSets(() => true);
    expect(first!.n).toBe('control');
    exposed(first!, (e: Ev) => sent.push(e));
    const moved = {
      ...x,
      v: [
        { ...x.v[0]!, w: 0.1 },
        { ...x.v[1]!, w: 0.9 },
      ],
    };
    page('/pricing', [moved]);
    expect(experimentSets(() => true).map((s) => s.n)).toEqual(['control']);
    // Off the experiment's pages it still shows nothing.
    page('/checkout', [moved]);
    expect(experimentSets(() => true)).toEqual([]);
    // Before any exposure a visitor follows the current weights.
    store.delete(`cro_x${x.i}`);
    page('/pricing', [moved]);
    expect(experimentSets(() => true).map((s) => s.n)).toEqual(['b']);
  });
});
