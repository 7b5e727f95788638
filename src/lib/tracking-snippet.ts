/**
 * The snippet a site pastes at the top of its pages' <head> (shown by Speed & Tracking, built by
 * the generate-tracking-script hook, used by the e2e fixture sites and the benchmarks).
 *
 * It never blocks the HTML parser and never holds the page's load event:
 *  - the site's hide stylesheet (/t/<key>.css: the elements its changes target, nothing else) is
 *    inserted with blocking="render", so in Chromium the first paint waits for it, and the targeted
 *    elements stay hidden until the tracker has changed them;
 *  - the tracker (/t/<key>.js) is loaded with import(), which does not delay the load event;
 *  - errors the page throws before the tracker has run are kept (`e`) for it to report;
 *  - `r` releases the stylesheet: the tracker calls it once its own engine has taken over. `g`
 *    gives up: it releases the stylesheet and sets `to`, which tells a late tracker to measure
 *    only and leave the page as the visitor has seen it. The snippet gives up when the stylesheet
 *    fails, when the import fails, after LOADER_TIMEOUT_MS if the stylesheet has not arrived (the
 *    origin hangs: the paint must not wait longer), and after TARGETS_TIMEOUT_MS in any case (the
 *    origin answers but the tracker is slow: meanwhile only the targeted elements are hidden).
 *    Pointing the pending stylesheet at an empty data: URL before removing it cancels its request
 *    (removing alone would leave it holding the load event while the origin hangs).
 * So a hanging or down origin delays the first paint by at most LOADER_TIMEOUT_MS. The old
 * synchronous <script src> keeps working.
 */
export const LOADER_TIMEOUT_MS = 800; // 200 ms under the 1 s promise: the paint after the release needs frames, more on a busy device
export const TARGETS_TIMEOUT_MS = 3000;

export function trackingSnippet(origin: string, key: string): string {
  const base = JSON.stringify(`${origin}/t/${encodeURIComponent(key)}`).replace(/</g, '\\u003c');
  return (
    '<script>(function(w,d,u,c,l){c=w.cro=w.cro||function(){(c.q=c.q||[]).push(arguments)};' +
    "l=d.createElement('link');l.rel='stylesheet';l.href=u+'.css';l.setAttribute('blocking','render');(d.head||d.documentElement).appendChild(l);" +
    "c.r=function(){clearTimeout(c.t);clearTimeout(c.u);l.href='data:text/css,';l.remove()};c.g=function(){c.to=1;c.r()};l.onerror=c.g;" +
    "c.e=[];c.f=function(e){c.e.push(e)};w.addEventListener('error',c.f);w.addEventListener('unhandledrejection',c.f);" +
    `c.t=setTimeout(function(){l.sheet||c.g()},${LOADER_TIMEOUT_MS});c.u=setTimeout(c.g,${TARGETS_TIMEOUT_MS});` +
    `import(u+'.js').catch(c.g)})(window,document,${base})</script>`
  );
}
