// A few of today's demo visits recorded, as the recorder would post them to /api/cro/recordings:
// for each page a meta event and a full snapshot of the demo shop's page (rrweb's serialized DOM),
// then mouse moves, a click and a scroll.
import { gzipSync } from 'node:zlib';

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;color:#1f2937}header{display:flex;justify-content:space-between;padding:16px 32px;background:#14532d;color:#fff}' +
  'main{max-width:960px;margin:0 auto;padding:32px}h1{font-size:36px}.button,.add-to-cart{display:inline-block;padding:12px 24px;border-radius:8px;background:#16a34a;color:#fff;text-decoration:none;border:0;font-size:16px}' +
  '.grid{display:grid;grid-template-columns:repeat(3,1fr);gap:16px;margin-top:24px}.card{border:1px solid #e5e7eb;border-radius:8px;padding:16px}footer{padding:32px;color:#6b7280}';

const TITLES = {
  '/': ['Gear for every trail', 'Free shipping on orders over $75. Thirty-day returns.'],
  '/cart': ['Your cart', 'One item, ready to check out.'],
  '/checkout': ['Checkout', 'Shipping and payment.'],
  '/thank-you': ['Thank you for your order', 'We will email you when it ships.'],
  '/newsletter/thanks': ['You are subscribed', 'Trail tips every other week.'],
};

const el = (tagName, attributes, ...childNodes) => ({ type: 2, tagName, attributes, childNodes });
const text = (textContent) => ({ type: 3, textContent });

/** The demo shop's page at `path` as an rrweb node tree (ids assigned in document order). */
function pageTree(path) {
  const product = path.startsWith('/products/');
  const name = product ? path.slice('/products/'.length).replace(/-/g, ' ') : '';
  const [title, lead] = product
    ? [name[0].toUpperCase() + name.slice(1), 'Light, tough and tested on the trail.']
    : (TITLES[path] ?? TITLES['/']);
  const body = el(
    'body',
    {},
    el('header', {}, el('strong', {}, text('Trail Outfitters')), el('nav', {}, text('Shop · Cart'))),
    el(
      'main',
      {},
      el('h1', {}, text(title)),
      el('p', {}, text(lead)),
      product
        ? el('button', { class: 'add-to-cart', type: 'button' }, text('Add to cart'))
        : el('a', { class: 'button', href: '/products/trail-shoe' }, text('Shop now')),
      el(
        'div',
        { class: 'grid' },
        ...['Trail shoe', 'Rain jacket', 'Daypack'].map((n) =>
          el('div', { class: 'card' }, el('h3', {}, text(n)), el('p', {}, text('In stock'))),
        ),
      ),
    ),
    el('footer', {}, text('© Trail Outfitters, a demo shop')),
  );
  const html = el(
    'html',
    { lang: 'en' },
    el('head', {}, el('title', {}, text(title)), el('style', {}, { ...text(STYLE), isStyle: true })),
    body,
  );
  const doc = { type: 0, childNodes: [{ type: 1, name: 'html', publicId: '', systemId: '' }, html] };
  let next = 1;
  const number = (n) => {
    n.id = next++;
    for (const c of n.childNodes ?? []) number(c);
  };
  number(doc);
  return doc;
}

/** The rrweb events of one visit's pages. */
export function recordingEvents(pages, origin) {
  const events = [];
  pages.forEach(({ p, ts }, i) => {
    const end = i + 1 < pages.length ? pages[i + 1].ts : ts + 15_000;
    events.push({ type: 4, timestamp: ts, data: { href: `${origin}${p}`, width: 1280, height: 800 } });
    events.push({ type: 2, timestamp: ts + 5, data: { node: pageTree(p), initialOffset: { left: 0, top: 0 } } });
    const button = 20; // the main button's node id in pageTree
    const steps = 6;
    for (let s = 1; s <= steps; s++) {
      const at = ts + Math.floor(((end - ts) * s) / (steps + 2));
      events.push({
        type: 3,
        timestamp: at,
        data: { source: 1, positions: [{ x: 200 + s * 60, y: 200 + s * 25, id: button, timeOffset: 0 }] },
      });
    }
    const click = ts + Math.floor(((end - ts) * (steps + 1)) / (steps + 2));
    events.push({ type: 3, timestamp: click, data: { source: 2, type: 2, id: button, x: 560, y: 380 } });
    events.push({ type: 3, timestamp: click + 400, data: { source: 3, id: 1, x: 0, y: 320 } });
  });
  return events.filter((e) => e.timestamp < Date.now());
}

/** Posts one visit's recording as one chunk; answers the HTTP status. */
export async function postRecording({ url, origin, key, job }) {
  const res = await fetch(`${url}/api/cro/recordings?k=${key}&s=${job.session}&v=${job.visitor}`, {
    method: 'POST',
    body: gzipSync(JSON.stringify(recordingEvents(job.pages, origin))),
    headers: { Origin: origin, 'User-Agent': job.ua },
  });
  if (!res.ok) throw new Error(`recordings answered ${res.status}: ${await res.text()}`);
  return res.status;
}
