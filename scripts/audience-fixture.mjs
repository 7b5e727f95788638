// Writes tests/fixtures/contracts/audiences.json: audiences covering every condition kind and
// operator, visitor contexts (hand-picked edge cases plus seeded variety), and which audiences
// each context is in according to the TypeScript evaluator (src/lib/contracts/audience.ts). The
// Go evaluator (pocketbase/audience/audience.go) must give the same answers; the TypeScript test
// checks the file is what this script writes, so a change of meaning shows in review.
// Run: node scripts/audience-fixture.mjs [--check]
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = resolve(ROOT, 'tests/fixtures/contracts/audiences.json');

const bundled = await build({
  entryPoints: [resolve(ROOT, 'src/lib/contracts/audience.ts')],
  bundle: true,
  format: 'esm',
  write: false,
  platform: 'node',
});
const { audienceMatches } = await import('data:text/javascript,' + encodeURIComponent(bundled.outputFiles[0].text));

const c = (kind, op, value, name) => ({ kind, op, ...(name ? { name } : {}), ...(value !== undefined ? { value } : {}) });
const all = (...conditions) => ({ match: 'all', conditions });
const any = (...conditions) => ({ match: 'any', conditions });

export const audiences = {
  mobile: all(c('device', 'is', 'mobile')),
  'not desktop': all(c('device', 'is_not', 'desktop')),
  'chrome or firefox': all(c('browser', 'is', ['Chrome', 'Firefox'])),
  'browser contains fox': all(c('browser', 'contains', 'fox')),
  ios: all(c('os', 'is', 'iOS')),
  'not windows': all(c('os', 'is_not', 'Windows')),
  sweden: all(c('country', 'is', 'SE')),
  nordics: all(c('country', 'is', ['se', 'NO', 'DK', 'FI'])),
  'country not US': all(c('country', 'is_not', 'US')),
  english: all(c('language', 'is', 'en')),
  'english GB': all(c('language', 'is', 'en-GB')),
  'language starts sv': all(c('language', 'starts_with', 'sv')),
  newsletter: all(c('utm_source', 'is', 'newsletter')),
  'newsletter in Sweden': all(c('utm_source', 'is', 'newsletter'), c('country', 'is', 'SE')),
  'email medium': all(c('utm_medium', 'is', 'email')),
  'campaign contains sale': all(c('utm_campaign', 'contains', 'sale')),
  'campaign not winter': all(c('utm_campaign', 'not_contains', 'winter')),
  'from google': all(c('traffic_source', 'is', 'google.com')),
  direct: all(c('traffic_source', 'is', 'Direct')),
  'referrer exists': all(c('referrer_host', 'exists')),
  'no referrer': all(c('referrer_host', 'not_exists')),
  'referrer facebook': all(c('referrer_host', 'contains', 'facebook')),
  'landed on pricing': all(c('landing_page', 'is', '/pricing')),
  'landed under blog': all(c('landing_page', 'starts_with', '/blog/')),
  'landing matches product': all(c('landing_page', 'matches', '/products/*')),
  'url contains checkout': all(c('url', 'contains', '/checkout')),
  'url matches cart': all(c('url', 'matches', '/cart')),
  'query ref is partner': all(c('query', 'is', 'partner', 'ref')),
  'query coupon exists': all(c('query', 'exists', undefined, 'coupon')),
  'query coupon missing': all(c('query', 'not_exists', undefined, 'coupon')),
  new: all(c('visitor', 'is', 'new')),
  returning: all(c('visitor', 'is', 'returning')),
  'three or more sessions': all(c('sessions', 'gte', 3)),
  'first session': all(c('sessions', 'is', 1)),
  'fewer than 5 sessions': all(c('sessions', 'lt', 5)),
  weekend: all(c('day_of_week', 'is', [0, 6])),
  'not monday': all(c('day_of_week', 'is_not', 1)),
  'business hours': all(c('hour', 'gte', 9), c('hour', 'lt', 17)),
  'after 20h': all(c('hour', 'gt', 20)),
  'before 6h': all(c('hour', 'lte', 5)),
  'cookie consent yes': all(c('cookie', 'is', 'yes', 'consent')),
  'cookie ab exists': all(c('cookie', 'exists', undefined, 'ab')),
  'cookie theme not dark': all(c('cookie', 'is_not', 'dark', 'theme')),
  'plan pro': all(c('attribute', 'is', 'pro', 'plan')),
  'cart over 100': all(c('attribute', 'gt', 100, 'cart_value')),
  'cart at most 50': all(c('attribute', 'lte', '50', 'cart_value')),
  'member attribute': all(c('attribute', 'exists', undefined, 'member')),
  'logged in true': all(c('attribute', 'is', 'true', 'logged_in')),
  'plan not free': all(c('attribute', 'is_not', 'free', 'plan')),
  'mobile or tablet': any(c('device', 'is', 'mobile'), c('device', 'is', 'tablet')),
  'swedish or newsletter': any(c('country', 'is', 'SE'), c('utm_source', 'is', 'newsletter')),
  'high value': any(c('attribute', 'gte', 500, 'cart_value'), c('attribute', 'is', 'enterprise', 'plan'), c('sessions', 'gt', 10)),
  'returning chrome on desktop': all(c('visitor', 'is', 'returning'), c('browser', 'is', 'Chrome'), c('device', 'is', 'desktop')),
  'none (empty)': all(),
};

// Hand-picked edge cases first, then seeded variety.
const base = {
  device: 'desktop',
  browser: 'Chrome',
  os: 'Windows',
  country: 'US',
  language: 'en-US',
  utm: {},
  referrer: '',
  landing: '/',
  url: 'https://shop.example/',
  returning: false,
  sessions: 1,
  now: Date.UTC(2026, 10, 25, 12, 0), // a Wednesday, 12:00 UTC
  timeZone: 'UTC',
  cookies: {},
  attributes: {},
};
const edge = {
  'plain desktop visitor': {},
  'swedish newsletter reader': {
    country: 'SE',
    utm: { source: 'newsletter', medium: 'email', campaign: 'spring-sale' },
    language: 'sv-SE',
  },
  'newsletter from the US': { utm: { source: 'newsletter' } },
  'NEWSLETTER upper case, Sweden': { country: 'SE', utm: { source: 'NEWSLETTER' } },
  'unknown country': { country: '' },
  'no language': { language: '' },
  'english GB': { language: 'en-GB' },
  'just en': { language: 'en' },
  'enx is not en': { language: 'enx' },
  'google referrer with www': { referrer: 'https://www.google.com/search?q=shoes' },
  'google referrer with port and user': { referrer: 'http://user@Google.com:8080/x' },
  'facebook mobile referrer': { referrer: 'https://m.facebook.com/', device: 'mobile', os: 'Android' },
  'landing on pricing': { landing: '/pricing', url: 'https://shop.example/pricing' },
  'landing on pricing slash': { landing: '/pricing/' },
  'landing on a blog post': { landing: '/blog/how-to', url: 'https://shop.example/blog/how-to' },
  'landing on a product': { landing: '/products/red-shoe' },
  'on checkout': { url: 'https://shop.example/checkout?step=2' },
  'on cart with hash': { url: 'https://shop.example/cart#top' },
  'ref partner': { url: 'https://shop.example/?ref=partner&x=1' },
  'ref Partner encoded': { url: 'https://shop.example/?ref=Part%6Eer' },
  'ref partners is not partner': { url: 'https://shop.example/?ref=partners' },
  'coupon empty value': { url: 'https://shop.example/?coupon' },
  'coupon in hash only': { url: 'https://shop.example/#?coupon=1' },
  'plus in query': { url: 'https://shop.example/?ref=par+tner' },
  'returning third session': { returning: true, sessions: 3 },
  'returning eleventh session': { returning: true, sessions: 11 },
  'sessions unknown': { sessions: undefined },
  'saturday in Stockholm': { now: Date.UTC(2026, 10, 28, 22, 30), timeZone: 'Europe/Stockholm' },
  'friday night UTC is saturday in Tokyo': { now: Date.UTC(2026, 10, 27, 20, 0), timeZone: 'Asia/Tokyo' },
  'sunday 23h in Los Angeles': { now: Date.UTC(2026, 10, 30, 7, 15), timeZone: 'America/Los_Angeles' },
  'monday 9h in Kolkata': { now: Date.UTC(2026, 10, 30, 3, 30), timeZone: 'Asia/Kolkata' },
  'monday 16:59 in Kathmandu': { now: Date.UTC(2026, 10, 30, 11, 14), timeZone: 'Asia/Kathmandu' },
  'summer time Stockholm 5h': { now: Date.UTC(2026, 6, 1, 3, 0), timeZone: 'Europe/Stockholm' },
  'unknown time zone': { timeZone: 'Mars/Olympus' },
  'no time': { now: undefined },
  'consent cookie yes': { cookies: { consent: 'yes', ab: '' } },
  'consent cookie YES': { cookies: { consent: 'YES' } },
  'theme dark': { cookies: { theme: 'dark' } },
  'theme light': { cookies: { theme: 'light' } },
  'plan pro cart 120': { attributes: { plan: 'pro', cart_value: 120 } },
  'plan free cart 50': { attributes: { plan: 'free', cart_value: 50 } },
  'cart as text 100.5': { attributes: { cart_value: '100.5' } },
  'cart not a number': { attributes: { cart_value: '12abc' } },
  'enterprise plan': { attributes: { plan: 'enterprise' } },
  'cart 500': { attributes: { cart_value: 500 } },
  'logged in boolean': { attributes: { logged_in: true, member: false } },
  'member null': { attributes: { member: null } },
  'iPhone safari': { device: 'mobile', browser: 'Safari', os: 'iOS' },
  iPad: { device: 'tablet', browser: 'Safari', os: 'iOS' },
  'firefox on linux': { browser: 'Firefox', os: 'Linux' },
  'edge on windows, finland': { browser: 'Edge', country: 'FI' },
  'winter sale campaign': { utm: { campaign: 'winter-sale' } },
};

// A small deterministic generator (mulberry32) for the rest.
let seed = 0x5eed;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(rand() * list.length)];
const zones = ['UTC', 'Europe/Stockholm', 'America/New_York', 'Asia/Tokyo', 'Australia/Adelaide', 'Pacific/Chatham'];
const generated = {};
for (let i = 0; i < 40; i++) {
  const device = pick(['desktop', 'mobile', 'tablet']);
  const sessions = 1 + Math.floor(rand() * 14);
  generated[`generated ${i + 1}`] = {
    device,
    browser: pick(['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Other']),
    os: pick(['Windows', 'macOS', 'iOS', 'Android', 'Linux']),
    country: pick(['SE', 'US', 'NO', 'DE', 'FI', '', 'DK']),
    language: pick(['en-US', 'sv-SE', 'en-GB', 'de', 'sv', '']),
    utm:
      rand() < 0.5
        ? {}
        : {
            source: pick(['newsletter', 'google', 'facebook']),
            medium: pick(['email', 'cpc', '']),
            campaign: pick(['spring-sale', 'winter-sale', 'launch']),
          },
    referrer: pick(['', 'https://www.google.com/', 'https://l.facebook.com/x', 'https://news.example.org/a?b=1']),
    landing: pick(['/', '/pricing', '/blog/post', '/products/a', '/products/b/c']),
    url: 'https://shop.example' + pick(['/', '/cart', '/checkout', '/products/a?ref=partner', '/?coupon=SAVE']),
    returning: sessions > 1,
    sessions,
    now: Date.UTC(2026, 10, 1 + Math.floor(rand() * 28), Math.floor(rand() * 24), Math.floor(rand() * 60)),
    timeZone: pick(zones),
    cookies: rand() < 0.5 ? {} : { consent: pick(['yes', 'no']), theme: pick(['dark', 'light']) },
    attributes: rand() < 0.5 ? {} : { plan: pick(['pro', 'free', 'enterprise']), cart_value: Math.round(rand() * 800) },
  };
}

const contexts = Object.entries({ ...edge, ...generated }).map(([name, over]) => {
  const context = { ...base, ...over };
  for (const k of Object.keys(context)) if (context[k] === undefined) delete context[k];
  return { name, context };
});
const audienceList = Object.entries(audiences).map(([name, definition]) => ({ name, definition }));
const out = {
  description:
    'Audience evaluator contract: src/lib/contracts/audience.ts and pocketbase/audience/audience.go must put each context in exactly the audiences listed. Written by scripts/audience-fixture.mjs.',
  audiences: audienceList,
  contexts: contexts.map(({ name, context }) => ({
    name,
    context,
    matches: audienceList.filter((a) => audienceMatches(a.definition, context)).map((a) => a.name),
  })),
};
const text = JSON.stringify(out, null, 2) + '\n';
if (process.argv.includes('--check')) {
  if (readFileSync(OUT, 'utf8') !== text) {
    console.error('tests/fixtures/contracts/audiences.json is not what scripts/audience-fixture.mjs writes');
    process.exit(1);
  }
} else writeFileSync(OUT, text);
console.log(`${out.contexts.length} contexts x ${out.audiences.length} audiences`);
