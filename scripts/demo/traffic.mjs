// The demo's visits: the events a real tracker would send (page views, clicks, scroll, custom
// events, errors, the rule's exposures and the A/B test's), posted to the real collect endpoint.
import { id, pick, rand } from './random.mjs';

const UAS = [
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36', 30],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15', 12],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', 6],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0', 7],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    25,
  ],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36', 15],
  ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 5],
];
export const DESKTOP_UA = UAS[0][0];
const SOURCES = [
  [{}, 35],
  [{ r: 'https://www.google.com/' }, 30],
  [{ r: 'https://www.bing.com/' }, 4],
  [{ r: 'https://t.co/abc' }, 6],
  [{ r: 'https://www.facebook.com/' }, 5],
  [{ us: 'newsletter', um: 'email', uc: 'autumn-sale' }, 12],
  [{ us: 'google', um: 'cpc', uc: 'trail-shoes' }, 8],
];
const COUNTRIES = [
  ['US', 40],
  ['GB', 12],
  ['DE', 10],
  ['FR', 7],
  ['CA', 8],
  ['AU', 5],
  ['IN', 8],
  ['BR', 5],
  ['NL', 5],
];
export const PRODUCTS = [
  '/products/trail-shoe',
  '/products/rain-jacket',
  '/products/daypack',
  '/products/merino-socks',
  '/products/headlamp',
];
const PRICES = {
  '/products/trail-shoe': 129,
  '/products/rain-jacket': 189,
  '/products/daypack': 79,
  '/products/merino-socks': 24,
  '/products/headlamp': 49,
};
// The A/B test's variant (a benefit headline on product pages) gets more visitors to the cart. The
// traffic's shape follows the weekdays of its 28 days, so each of the 7 alignments draws other
// visitors: this effect gives a clear winner on each (purchase z from 3.6 to 5.3), where 0.35 -> 0.55
// fell to z 1.8 (94%) on one of them and the demo showed no clear result on those dates.
const ADD_TO_CART = { control: 0.3, b: 0.6 };

/**
 * One visit from `start`: its events, and the pages it saw. `ctx` carries the origin, the rule
 * (id, whether this visitor is in its rollout) and the visitor's A/B test variant.
 */
function visit(start, ctx) {
  const src = pick(SOURCES);
  let t = start;
  const e = [];
  const pages = [];
  let exposed = false;
  const view = (p, extra = {}) => {
    pages.push({ p, ts: t });
    e.push({ t: 'pv', ts: t, p, ...extra });
    const dwell = 4000 + Math.floor(rand() * 70000);
    if (p.startsWith('/products/')) {
      if (ctx.rule && ctx.inRollout) e.push({ t: 'ex', ts: t + 40, p, id: ctx.rule, val: 8 + Math.floor(rand() * 30) });
      if (ctx.experiment && !exposed) {
        e.push({ t: 'xp', ts: t + 50, p, id: ctx.experiment, n: ctx.variant });
        exposed = true;
      }
    }
    if (rand() < 0.6) {
      const product = p.startsWith('/products/');
      e.push({
        t: 'ck',
        ts: t + Math.floor(dwell / 2),
        p,
        sel: product ? 'button.add-to-cart' : 'a.button',
        tx: product ? 'Add to cart' : 'Shop now',
        x: (product ? 760 : 520) + Math.floor((rand() - 0.5) * 240),
        y: (product ? 420 : 380) + Math.floor((rand() - 0.5) * 120),
      });
    }
    if (rand() < 0.02)
      e.push({
        t: 'er',
        ts: t + 500,
        p,
        m: "TypeError: Cannot read properties of undefined (reading 'price')",
        src: `${ctx.origin}/assets/app.js`,
        ln: 412,
      });
    t += dwell;
    e.push({ t: 'lv', ts: t, p, d: dwell, sc: 20 + Math.floor(rand() * 81) });
    t += 500;
  };
  view(rand() < 0.6 ? '/' : pick(PRODUCTS.map((p) => [p, 1])), src);
  if (rand() < 0.45) return { events: e, pages }; // bounced
  const product = pick(PRODUCTS.map((p) => [p, 1]));
  view(product);
  if (rand() < 0.08) view('/newsletter/thanks');
  if (rand() < (ADD_TO_CART[ctx.variant] ?? ADD_TO_CART.control)) {
    e.push({ t: 'ev', ts: t, p: product, n: 'add_to_cart' });
    view('/cart');
    if (rand() < 0.45) {
      view('/checkout');
      if (rand() < 0.6) {
        view('/thank-you');
        e.push({ t: 'ev', ts: t, p: '/thank-you', n: 'purchase', val: PRICES[product] * (1 + Math.floor(rand() * 2)) });
      }
    }
  }
  return { events: e.slice(0, 50), pages };
}

/**
 * Every visit of `days` days up to `now`, as collect requests. Returning visitors keep their
 * variant and their place in the rule's rollout, as the tracker's hashing would.
 */
export function buildTraffic({ now, days, origin, key, rule, experiment }) {
  const returning = Array.from({ length: 400 }, () => id('v'));
  const assigned = new Map();
  const jobs = [];
  // Today's visits start on today's calendar day (UTC, the demo site's zone: its LIVE KPI counts
  // them as today's), at most six hours back and before now; just after midnight they crowd in.
  const todayFrom = Math.max(now - (now % 86_400_000), now - 6 * 3_600_000);
  for (let d = days - 1; d >= 0; d--) {
    const dayStart = now - d * 86_400_000;
    const weekday = new Date(dayStart).getUTCDay();
    const sessions = Math.round((70 + (days - d) * 2) * (weekday === 0 || weekday === 6 ? 0.7 : 1) * (0.85 + rand() * 0.3));
    for (let s = 0; s < sessions; s++) {
      // Today's from todayFrom; past days' spread over their 24 hours.
      const start =
        d === 0 ? todayFrom + Math.floor(rand() * Math.max(0, now - 120_000 - todayFrom)) : dayStart - Math.floor(rand() * 86_400_000);
      const visitor = rand() < 0.3 ? returning[Math.floor(rand() * returning.length)] : id('v');
      if (!assigned.has(visitor)) assigned.set(visitor, { variant: rand() < 0.5 ? 'control' : 'b', inRollout: rand() < 0.5 });
      const { variant, inRollout } = assigned.get(visitor);
      const session = id('s');
      const ua = pick(UAS);
      const v = visit(start, { origin, rule, experiment, variant: experiment ? variant : 'control', inRollout });
      jobs.push({
        visitor,
        session,
        ua,
        pages: v.pages,
        body: JSON.stringify({ k: key, v: visitor, s: session, e: v.events }),
        country: pick(COUNTRIES),
      });
    }
  }
  return jobs;
}

/** Posts every job with a few workers, waiting out the collect endpoint's rate limit. */
export async function sendTraffic(jobs, { url, origin, countryHeader, log }) {
  const post = async (j) => {
    const headers = { 'content-type': 'text/plain', origin, 'user-agent': j.ua };
    if (countryHeader) headers[countryHeader] = j.country;
    for (let attempt = 0; attempt < 8; attempt++) {
      const res = await fetch(`${url}/api/cro/collect`, { method: 'POST', body: j.body, headers });
      if (res.status === 202) return JSON.parse(await res.text()).accepted;
      if (res.status !== 429 && res.status < 500) throw new Error(`collect answered ${res.status}: ${await res.text()}`);
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
    throw new Error('collect kept refusing (rate limit)');
  };
  const queue = [...jobs];
  let sent = 0;
  let events = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (queue.length) {
        events += await post(queue.shift());
        if (++sent % 1000 === 0) log(`${sent} sessions sent`);
      }
    }),
  );
  return { sent, events };
}
