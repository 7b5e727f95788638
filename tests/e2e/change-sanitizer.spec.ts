// The tracker's side of the change sanitizer, in Chromium: handed every vector of the XSS corpus
// directly (as if the server's check had been bypassed), it applies them only in sanitised form
// and nothing runs: no alert, no dialog, no `window.__xss` increment, no request to another host.
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { closeServer } from '../helpers/close-server';

const corpus = JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/xss-vectors.json'), 'utf8')) as {
  vectors: { name: string; change: object }[];
};
const TRACKER = readFileSync(resolve(import.meta.dirname, '../../pocketbase/analytics/tracker.gen.js'), 'utf8');
const rules = [
  { i: 'control', s: 'seed', p: 100, q: '#control', c: [{ type: 'set_html', value: '<b id="applied">Free shipping</b>' }] },
  ...corpus.vectors.map((v, n) => ({ i: `v${n}`, s: 'seed', p: 100, q: `#t${n}`, c: [v.change] })),
];
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title>
<script>window.__xss = 0; window.alert = window.confirm = window.prompt = function () { window.__xss++; };</script>
<script src="/t.js"></script></head><body>
<p id="control">control</p>
${corpus.vectors.map((_, n) => `<p><a id="t${n}" href="#n${n}">target ${n}</a></p><input name="card" value="4242424242424242">`).join('\n')}
</body></html>`;

let server: Server;
let origin = '';
test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/t.js') {
      res
        .writeHead(200, { 'content-type': 'application/javascript' })
        .end(`(function(CRO_CFG){${TRACKER}})(${JSON.stringify({ k: 'xss', dnt: false, r: rules })});`);
    } else if (req.url?.startsWith('/api/')) res.writeHead(204).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
test.afterAll(() => closeServer(server));

test(`the tracker runs none of the ${corpus.vectors.length} XSS vectors it is handed, and applies what is safe in them`, async ({
  page,
}) => {
  const dialogs: string[] = [];
  const outside: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.route(
    (url) => !url.href.startsWith(origin),
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  await page.goto(origin);
  await expect(page.locator('#applied')).toHaveText('Free shipping'); // the tracker is applying rules
  // Interact as a visitor would: hover and click everything a change could have put on the page.
  // (In the page: a synthetic click follows a link as a real one does, and is fast for hundreds of elements.)
  await page.evaluate(() => {
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      for (const type of ['mouseover', 'mouseenter', 'focus', 'animationstart']) el.dispatchEvent(new Event(type, { bubbles: true }));
      if (el.matches('a, button, summary, area, text')) el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
  });
  await page.waitForTimeout(500); // let late handlers and loads settle
  expect(page.url().startsWith(origin)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
  expect(dialogs).toEqual([]);
  expect(outside).toEqual([]);
  // Sanitised, not dropped: the text of an HTML vector's harmless parts remains.
  const hrefVector = corpus.vectors.findIndex((v) => v.name === 'set_html: a href tab entity');
  await expect(page.locator(`#t${hrefVector} a`)).toHaveText('x');
  await expect(page.locator(`#t${hrefVector} a`)).not.toHaveAttribute('href');
  // And the counter would have seen a script run.
  await page.evaluate(() => alert('probe'));
  expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(1);
});
