// The tracker's start (src/tracker/index.ts) when the page is hidden before its deferred start at
// idle time: what was buffered is sent at once, page view first, exactly once, and only what the
// start would have sent (Do Not Track, opt-out). In Chromium: tests/e2e/early-leave.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ev } from '../../src/tracker/types';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const COLLECT = 'https://cro.example/api/cro/collect';

type Sent = { url: string; k: string; v: string; e: Ev[] };
type Page = {
  sent: Sent[];
  fire: (type: string) => void;
  idle: () => void;
  doc: { visibilityState: string };
  store: Map<string, string>;
  cro: (...a: unknown[]) => void;
};

/** Loads a fresh tracker into a stand-in page (the globals it reads) and returns the page's handles. */
async function load(opt: { dnt?: boolean; optedOut?: boolean; beacon?: boolean } = {}): Promise<Page> {
  vi.resetModules();
  const sent: Sent[] = [];
  const record = (url: string, body: string) => sent.push({ url, ...(JSON.parse(body) as Omit<Sent, 'url'>) });
  const listeners: Record<string, ((e: Event) => void)[]> = {};
  let idleCb = () => {};
  const store = new Map<string, string>(opt.optedOut ? [['cro_off', '1']] : []);
  const doc = {
    URL: 'https://shop.example/offer',
    visibilityState: 'visible',
    referrer: '',
    cookie: '',
    documentElement: { scrollHeight: 800 },
    querySelector: () => ({ src: 'https://cro.example/t/key.js' }),
  };
  const win: Record<string, unknown> = { requestIdleCallback: (cb: () => void) => (idleCb = cb) };
  vi.stubGlobal('CRO_CFG', { k: 'key', dnt: true });
  vi.stubGlobal('CRO_RULES', false);
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('location', new URL(doc.URL));
  vi.stubGlobal('history', { state: null, pushState: () => {}, replaceState: () => {} });
  vi.stubGlobal('innerWidth', 1280);
  vi.stubGlobal('innerHeight', 800);
  vi.stubGlobal('scrollY', 0);
  vi.stubGlobal('navigator', {
    userAgent: DESKTOP,
    doNotTrack: opt.dnt ? '1' : null,
    sendBeacon: opt.beacon === false ? undefined : (url: string, body: string) => (record(url, body), true),
  });
  vi.stubGlobal('fetch', (url: string, init: { body: string }) => (record(url, init.body), Promise.resolve({ status: 202 })));
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('addEventListener', (type: string, fn: (e: Event) => void) => (listeners[type] ||= []).push(fn));
  vi.stubGlobal('removeEventListener', () => {});
  await import('../../src/tracker/index');
  const cro = win.cro as Page['cro'];
  const fire = (type: string) => (listeners[type] || []).forEach((fn) => fn(new Event(type)));
  return { sent, fire, idle: () => idleCb(), doc, store, cro };
}

/** The page is left (or the tab switched away): visibilitychange to hidden, then pagehide. */
function hide(p: Page): void {
  p.doc.visibilityState = 'hidden';
  p.fire('visibilitychange');
  p.fire('pagehide');
}

describe('the tracker hidden before its deferred start', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the page view and the buffered events at once, in one beacon, in the collect format', async () => {
    const p = await load();
    p.cro('track', 'signup_click');
    expect(p.sent).toEqual([]);
    hide(p);
    expect(p.sent).toHaveLength(1);
    expect(p.sent[0]).toMatchObject({ url: COLLECT, k: 'key', v: p.store.get('cro_v') });
    expect(p.sent[0]!.e[0]).toMatchObject({ t: 'pv', p: '/offer' }); // the page view leads the batch
    expect(p.sent[0]!.e.map((e) => e.t)).toContain('lv');
    expect(p.sent[0]!.e.filter((e) => e.t === 'pv')).toHaveLength(1);
    expect(p.sent[0]!.e.some((e) => JSON.stringify(e).includes('signup_click'))).toBe(true);
  });

  it('sends nothing again when the idle start comes later, and only a leave when hidden again', async () => {
    const p = await load();
    hide(p);
    p.idle(); // e.g. the tab shown again, or the page restored from the back/forward cache
    p.doc.visibilityState = 'visible';
    p.fire('visibilitychange');
    await vi.advanceTimersByTimeAsync(5000);
    expect(p.sent).toHaveLength(1);
    hide(p);
    expect(p.sent).toHaveLength(2);
    expect(p.sent[1]!.e.map((e) => e.t)).not.toContain('pv');
    expect(p.sent[1]!.e[0]).toMatchObject({ t: 'lv', p: '/offer' });
    expect(p.sent.flatMap((s) => s.e).filter((e) => e.t === 'pv')).toHaveLength(1);
  });

  it('falls back to fetch with keepalive where sendBeacon is missing', async () => {
    const p = await load({ beacon: false });
    hide(p);
    expect(p.sent).toHaveLength(1);
    expect(p.sent[0]!.e[0]).toMatchObject({ t: 'pv' });
  });

  it('sends nothing and stores no id for a Do Not Track visitor or one who opted out', async () => {
    for (const opt of [{ dnt: true }, { optedOut: true }]) {
      const p = await load(opt);
      p.cro('track', 'signup_click');
      hide(p);
      p.idle();
      await vi.advanceTimersByTimeAsync(5000);
      expect(p.sent).toEqual([]);
      expect(p.store.has('cro_v')).toBe(false);
      vi.unstubAllGlobals();
    }
  });
});
