// The tracker's audience context outside the browser: what it knows of the visitor's session
// (campaign, referrer, landing page kept across the visit's pages; new or returning; the number of
// sessions) and the attributes cro('set') keeps. Each page is a fresh module, as in the browser.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

let store: Map<string, string>;
let cookie: string;

/** A page view: a fresh tracker module on `url`; the rules make the visitor id first, as rules.ts does. */
async function page(url: string, referrer = '', cfg: object = {}) {
  vi.resetModules();
  vi.stubGlobal('CRO_CFG', { k: 'key', dnt: true, gc: 'SE', tz: 'Europe/Stockholm', ...cfg });
  const u = new URL(url);
  vi.stubGlobal('location', u);
  vi.stubGlobal('navigator', { userAgent: IPHONE, language: 'sv-SE' });
  const doc = {
    referrer,
    get cookie() {
      return cookie;
    },
    set cookie(v: string) {
      const [pair] = v.split(';');
      const name = pair!.split('=')[0]!;
      const kept = cookie
        .split('; ')
        .filter((c) => c && !c.startsWith(name + '='))
        .concat(/max-age=0/.test(v) ? [] : [pair!]);
      cookie = kept.join('; ');
    },
  };
  vi.stubGlobal('document', doc);
  const ids = await import('../../src/tracker/ids');
  ids.visitor();
  return import('../../src/tracker/audience');
}

beforeEach(() => {
  store = new Map();
  cookie = '';
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the audience context', () => {
  it("keeps the visit's campaign, referrer and landing page on its later pages; a new visitor is new", async () => {
    let a = await page('https://shop.example/sale?utm_source=newsletter&utm_campaign=spring', 'https://mail.example.com/inbox');
    let x = a.audienceContext(true);
    expect(x).toMatchObject({
      device: 'mobile',
      browser: 'Safari',
      os: 'iOS',
      country: 'SE',
      language: 'sv-SE',
      utm: { source: 'newsletter', medium: '', campaign: 'spring' },
      referrer: 'https://mail.example.com/inbox',
      landing: '/sale',
      returning: false,
      sessions: 1,
      timeZone: 'Europe/Stockholm',
    });
    a = await page('https://shop.example/cart', 'https://shop.example/sale');
    x = a.audienceContext(true);
    expect(x).toMatchObject({
      utm: { source: 'newsletter' },
      landing: '/sale',
      url: 'https://shop.example/cart',
      returning: false,
      sessions: 1,
    });
  });

  it('a session after 30 idle minutes is the next one, and the visitor is returning', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 10) });
    await page('https://shop.example/?utm_source=newsletter').then((a) => a.audienceContext(true));
    vi.setSystemTime(Date.UTC(2026, 10, 25, 11));
    const x = (await page('https://shop.example/pricing', 'https://www.google.com/')).audienceContext(true);
    expect(x).toMatchObject({
      utm: { source: '' },
      referrer: 'https://www.google.com/',
      landing: '/pricing',
      returning: true,
      sessions: 2,
    });
  });

  it("keeps the attributes cro('set') gives for later pages, and writes them to the edge's cookie", async () => {
    const a = await page('https://shop.example/');
    a.setAttributes({ plan: 'pro', cart_value: 120, nested: { no: 1 } });
    a.setAttributes({ cart_value: 150 });
    const x = (await page('https://shop.example/cart')).audienceContext(true);
    expect(x.attributes).toEqual({ plan: 'pro', cart_value: 150 });
    expect(decodeURIComponent(cookie)).toContain('cro_at={"plan":"pro","cart_value":150}');
    const b = await page('https://shop.example/cart');
    b.setAttributes({ plan: null });
    expect((await page('https://shop.example/')).audienceContext(true).attributes).toEqual({ cart_value: 150 });
  });

  it('keeps nothing for a visitor who may not be tracked', async () => {
    const x = (await page('https://shop.example/?utm_source=ad')).audienceContext(false);
    expect(x).toMatchObject({ utm: { source: 'ad' }, returning: false, sessions: 1 });
    expect(store.get('cro_as')).toBeUndefined();
  });
});
