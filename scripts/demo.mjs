// `npm run demo`: against a running `npm start` server (DEMO_URL, default http://127.0.0.1:8090),
// creates the demo account (demo@cro.local / trail-Runner-4821), a site with goals, and four
// weeks of realistic traffic (sessions, pages, clicks, scroll, conversions, errors) sent through
// the real collect endpoint, so that a newcomer sees a living dashboard. Safe to re-run: traffic
// is only added when the site has none (DEMO_FORCE=1 adds more).
import PocketBase from 'pocketbase';

const URL_ = (process.env.DEMO_URL ?? `http://${process.env.PB_HTTP ?? '127.0.0.1:8090'}`).replace(/\/$/, '');
// Tests give each run its own account and domain (DEMO_EMAIL, DEMO_DOMAIN), so that runs side by
// side neither race to create the same records nor change the plan of each other's site.
const EMAIL = process.env.DEMO_EMAIL || 'demo@cro.local';
const PASSWORD = 'trail-Runner-4821';
const DOMAIN = process.env.DEMO_DOMAIN || 'demo-shop.example.com';
const ORIGIN = `https://${DOMAIN}`;
const DAYS = Number(process.env.DEMO_DAYS ?? 28);
const COUNTRY_HEADER = process.env.CRO_COUNTRY_HEADER ?? '';

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
const PRODUCTS = ['/products/trail-shoe', '/products/rain-jacket', '/products/daypack', '/products/merino-socks', '/products/headlamp'];
const PRICES = {
  '/products/trail-shoe': 129,
  '/products/rain-jacket': 189,
  '/products/daypack': 79,
  '/products/merino-socks': 24,
  '/products/headlamp': 49,
};

// mulberry32: a small seeded PRNG, so every demo has the same shape.
let seed = 20261122;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (weighted) => {
  const total = weighted.reduce((n, [, w]) => n + w, 0);
  let x = rand() * total;
  for (const [v, w] of weighted) if ((x -= w) < 0) return v;
  return weighted[0][0];
};
const id = (p) =>
  p +
  Math.floor(rand() * 36 ** 6)
    .toString(36)
    .padStart(6, '0') +
  Math.floor(rand() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');

async function account() {
  const pb = new PocketBase(URL_);
  pb.autoCancellation(false);
  try {
    await pb.collection('users').authWithPassword(EMAIL, PASSWORD);
  } catch {
    await pb.collection('users').create({ email: EMAIL, password: PASSWORD, passwordConfirm: PASSWORD, name: 'Demo Owner' });
    await pb.collection('users').authWithPassword(EMAIL, PASSWORD);
  }
  return pb;
}

async function demoSite(pb) {
  const uid = pb.authStore.record.id;
  const existing = await pb.collection('sites').getList(1, 1, { filter: pb.filter('domain = {:d}', { d: DOMAIN }) });
  const site = existing.items[0] ?? (await pb.collection('sites').create({ user_id: uid, domain: DOMAIN, industry_category: 'ecommerce' }));
  const goals = await pb.collection('goals').getFullList({ filter: pb.filter('site_id = {:s}', { s: site.id }) });
  if (goals.length === 0) {
    await pb.collection('goals').create({ site_id: site.id, name: 'Purchase', type: 'event', match: 'purchase', enabled: true });
    await pb
      .collection('goals')
      .create({ site_id: site.id, name: 'Newsletter signup', type: 'url', match: '/newsletter/thanks', value: 0, enabled: true });
    await pb
      .collection('goals')
      .create({ site_id: site.id, name: 'Add to cart', type: 'event', match: 'add_to_cart', value: 1, micro: true, enabled: true });
  }
  return site;
}

/** One visit: the events a real tracker would send, timestamps from `start`. */
function visit(start) {
  const src = pick(SOURCES);
  let t = start;
  const e = [];
  const view = (p, extra = {}) => {
    e.push({ t: 'pv', ts: t, p, ...extra });
    const dwell = 4000 + Math.floor(rand() * 70000);
    if (rand() < 0.6)
      e.push({
        t: 'ck',
        ts: t + Math.floor(dwell / 2),
        p,
        sel: 'a.button',
        tx: 'Shop now',
        x: 200 + Math.floor(rand() * 800),
        y: 300 + Math.floor(rand() * 1500),
      });
    if (rand() < 0.02)
      e.push({
        t: 'er',
        ts: t + 500,
        p,
        m: "TypeError: Cannot read properties of undefined (reading 'price')",
        src: `${ORIGIN}/assets/app.js`,
        ln: 412,
      });
    t += dwell;
    e.push({ t: 'lv', ts: t, p, d: dwell, sc: 20 + Math.floor(rand() * 81) });
    t += 500;
  };
  view(rand() < 0.6 ? '/' : pick(PRODUCTS.map((p) => [p, 1])), src);
  if (rand() < 0.45) return e; // bounced
  const product = pick(PRODUCTS.map((p) => [p, 1]));
  view(product);
  if (rand() < 0.08) view('/newsletter/thanks');
  if (rand() < 0.35) {
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
  return e.slice(0, 50);
}

async function post(body, ua, country) {
  const headers = { 'content-type': 'text/plain', origin: ORIGIN, 'user-agent': ua };
  if (COUNTRY_HEADER) headers[COUNTRY_HEADER] = country;
  for (let attempt = 0; attempt < 8; attempt++) {
    const res = await fetch(`${URL_}/api/cro/collect`, { method: 'POST', body, headers });
    if (res.status === 202) return JSON.parse(await res.text()).accepted;
    if (res.status !== 429 && res.status < 500) throw new Error(`collect answered ${res.status}: ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
  }
  throw new Error('collect kept refusing (rate limit)');
}

async function main() {
  try {
    await fetch(`${URL_}/api/health`);
  } catch {
    console.error(`demo: no server at ${URL_}. Start it with \`npm start\` (or set DEMO_URL) and run again.`);
    process.exit(1);
  }
  const pb = await account();
  const site = await demoSite(pb);
  const kpis = await pb.send(`/api/cro/kpis/${site.id}`, {});
  if (kpis.month.sessions > 0 && !process.env.DEMO_FORCE) {
    console.log(`demo: the demo site already has traffic (set DEMO_FORCE=1 to add more).`);
  } else {
    const now = Date.now();
    const returning = Array.from({ length: 400 }, () => id('v'));
    const jobs = [];
    for (let d = DAYS - 1; d >= 0; d--) {
      const dayStart = now - d * 86_400_000;
      const weekday = new Date(dayStart).getUTCDay();
      const sessions = Math.round((70 + (DAYS - d) * 2) * (weekday === 0 || weekday === 6 ? 0.7 : 1) * (0.85 + rand() * 0.3));
      for (let s = 0; s < sessions; s++) {
        // Today's visits end before now; past days' spread over the day.
        const offset = d === 0 ? Math.floor(rand() * Math.min(86_400_000, 6 * 3_600_000)) : Math.floor(rand() * 86_400_000);
        const start = d === 0 ? now - offset - 120_000 : dayStart - offset;
        const visitor = rand() < 0.3 ? returning[Math.floor(rand() * returning.length)] : id('v');
        jobs.push({
          body: JSON.stringify({ k: site.public_key, v: visitor, s: id('s'), e: visit(start) }),
          ua: pick(UAS),
          country: pick(COUNTRIES),
        });
      }
    }
    let sent = 0;
    let events = 0;
    const workers = Array.from({ length: 4 }, async () => {
      while (jobs.length) {
        const j = jobs.shift();
        const accepted = await post(j.body, j.ua, j.country);
        events += accepted;
        if (++sent % 500 === 0) console.log(`demo: ${sent} sessions sent`);
      }
    });
    await Promise.all(workers);
    console.log(`demo: sent ${sent} sessions (${events} events) over ${DAYS} days through ${URL_}/api/cro/collect`);
  }
  console.log('');
  console.log(`  Demo dashboard: ${URL_}/dashboard`);
  console.log(`  Sign in as:     ${EMAIL}`);
  console.log(`  Password:       ${PASSWORD}`);
  console.log(`  Demo site:      ${DOMAIN} (tracker snippet key ${site.public_key})`);
}

main().catch((err) => {
  console.error('demo failed:', err?.message ?? err);
  process.exit(1);
});
