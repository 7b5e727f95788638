// A customer's site at its worst, for the change engine's tests and benchmarks (plain JavaScript so
// that the benchmarks can use it too):
//  - GET /k/<site key>/checkout streams a checkout page in chunks, pausing `delay` ms (default
//    300) inside the targeted button, between "Place " and "order</button>", as a slow server
//    or a streaming framework does; the rest of the page follows the pause.
//    ?snippet=loader (default) | sync | none: the head carries the current loader snippet, the old
//    synchronous <script src> some sites still have, or nothing (the baseline);
//    ?hang=1: the snippet's script is this server's /t/<key>.js, which accepts and never answers;
//    ?late=MS: the snippet points at this server's /late/MS/, whose hide stylesheet never comes (so
//    the loader gives up) and whose tracker is the real one, passed on MS ms late;
//    ?undo=1: the page's own code writes the button's original text back once, 300 ms after load;
//    ?fight=1: the page's own code writes it back every time it changes.
//    ?mutate=1000: on a window 'mutate' event, the page adds that many nodes and rewrites their
//    text, 100 per frame, then sets its title to 'mutated'.
//  - GET /t/<anything>.js hangs: the connection is accepted and the response never comes;
//  - /late/MS/t/<key>.js is the real tracker MS ms late (its .css hangs), and /api/ and the
//    tracker's chunks (/t/r/) go to the real origin, as a slow proxy in front of it would.
import { createServer, request } from 'node:http';

const FILLER = '<p>Review your order and pay securely. Delivery in two to four working days.</p>\n';

/**
 * snippet(kind, origin, key) returns the head's tag for kind 'loader' or 'sync'. croOrigin serves
 * the real tracker; ?hang=1 points the snippet at this server instead.
 */
export async function startStreamedShop(croOrigin, snippet) {
  const hanging = new Set();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop');
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/t/r/'))
      return void forward(croOrigin, url.pathname + url.search, req, res);
    const late = /^\/late\/(\d+)(\/t\/[a-z0-9]+\.js)$/.exec(url.pathname);
    if (late) return void setTimeout(() => forward(croOrigin, late[2], req, res), Number(late[1]));
    if (url.pathname.startsWith('/t/') || url.pathname.startsWith('/late/')) {
      hanging.add(res.socket); // accepted, never answered
      return;
    }
    const key = /^\/k\/([a-z0-9]+)\/checkout$/.exec(url.pathname)?.[1];
    if (!key) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    const q = url.searchParams;
    const kind = q.get('snippet') ?? 'loader';
    const src = q.get('late') ? `${origin}/late/${Number(q.get('late'))}` : q.get('hang') ? origin : croOrigin;
    const delay = Number(q.get('delay') ?? 300);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.write(
      `<!doctype html><html><head><meta charset="utf-8"><title>Streamed checkout</title>\n${kind === 'none' ? '' : snippet(kind, src, key)}\n` +
        `<style>body{font-family:sans-serif}</style></head><body><h1 id="title">Checkout</h1>\n${FILLER.repeat(30)}` +
        '<form action="/thank-you"><button id="place-order" type="submit">Place ',
    );
    setTimeout(() => {
      if (res.destroyed) return;
      res.end(`order</button></form>\n<p id="after">Secure payment by card.</p>\n${FILLER.repeat(30)}${pageScripts(q)}</body></html>`);
    }, delay);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    stop: () =>
      new Promise((r) => {
        for (const s of hanging) s.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Passes a request on to the tracker's real origin, as a proxy would (answered as the origin answers). */
function forward(target, path, req, res) {
  const out = request(`${target}${path}`, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  out.on('error', () => res.destroyed || res.writeHead(502).end());
  req.pipe(out);
}

function pageScripts(q) {
  const parts = [];
  if (q.get('undo'))
    parts.push(
      "addEventListener('load',function(){setTimeout(function(){document.getElementById('place-order').textContent='Place order'},300)});",
    );
  if (q.get('fight'))
    parts.push(
      "addEventListener('load',function(){var b=document.getElementById('place-order');new MutationObserver(function(){if(b.textContent!=='Place order')b.textContent='Place order'}).observe(b,{childList:true,characterData:true,subtree:true});b.textContent='Place order'});",
    );
  const n = Number(q.get('mutate') ?? 0);
  if (n)
    parts.push(
      `addEventListener('mutate',function(){var box=document.createElement('div');document.body.appendChild(box);var made=0;` +
        `(function step(){for(var i=0;i<100&&made<${n};i++,made++){var p=document.createElement('p');p.className='row';p.textContent='Row '+made;box.appendChild(p);p.textContent='Row '+made+' updated'}` +
        `if(made<${n})requestAnimationFrame(step);else document.title='mutated'})()});`,
    );
  return parts.length ? `<script>${parts.join('')}</script>` : '';
}
