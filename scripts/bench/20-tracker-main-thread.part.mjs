// Tracker main-thread time at load: Chromium with 4x CPU throttling loads a page with the real
// snippet (served by the real server); a performance trace sums the tracker's script evaluation
// and function calls on the renderer main thread until the load event, and during the first
// 1.5 s. Median of 7 loads.
import { trackerStand } from './browser.mjs';
import { envNumber, percentile, round } from './lib.mjs';

// The snippet as the product hands it out: synchronous, at the top of <head>.
const PAGE = (src) => `<!doctype html><html><head><meta charset="utf-8"><script src="${src}"></script><title>Bench shop</title>
</head><body><h1>Bench shop</h1>
${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>'.repeat(80)}<a href="/cart">Cart</a></body></html>`;

export default async function (emit) {
  await trackerStand(
    PAGE,
    async () => {},
    async ({ site, origin, browser, visitorPage }) => {
      const samples = [];
      const window1500 = [];
      const selfTimes = [];
      for (let i = 0; i < envNumber('CRO_BENCH_TRACKER_RUNS', 7); i++) {
        const { context, page } = await visitorPage();
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
        await page.goto(origin + '/', { waitUntil: 'load' });
        await page.waitForTimeout(1500);
        const trace = JSON.parse((await browser.stopTracing()).toString());
        const events = trace.traceEvents ?? trace;
        const load = events.find((e) => e.name === 'MarkLoad' && e.args?.data?.isMainFrame)?.ts ?? Infinity;
        samples.push(trackerTime(events, '/t/' + site.public_key, load));
        window1500.push(trackerTime(events, '/t/' + site.public_key, Infinity));
        await context.close();

        // A separate load, without tracing overhead, under the sampling JavaScript profiler.
        const profiled = await visitorPage();
        await profiled.cdp.send('Profiler.enable');
        await profiled.cdp.send('Profiler.setSamplingInterval', { interval: 50 });
        await profiled.cdp.send('Profiler.start');
        await profiled.page.goto(origin + '/', { waitUntil: 'load' });
        const { profile } = await profiled.cdp.send('Profiler.stop');
        selfTimes.push(trackerSelfTime(profile, '/t/' + site.public_key));
        await profiled.context.close();
      }
      samples.sort((a, b) => a - b);
      window1500.sort((a, b) => a - b);
      // Until the load event: script evaluation and anything it ran; then everything of the first
      // 1.5 s, including the first batch being sent. Wall times, inflated when the machine is busy.
      emit('tracker_main_thread_at_load_4x_cpu', round(percentile(samples, 50)), 'ms');
      emit('tracker_main_thread_at_load_4x_cpu_min', round(samples[0]), 'ms'); // least disturbed by other load
      emit('tracker_main_thread_first_1500ms_4x_cpu', round(percentile(window1500, 50)), 'ms');
      // Sampled JavaScript CPU profile until the load event: time spent in the tracker's own
      // functions (and the browser APIs they call), without script compile and code caching.
      selfTimes.sort((a, b) => a - b);
      emit('tracker_js_time_at_load_4x_cpu', round(percentile(selfTimes, 50)), 'ms');
    },
  );
}

/** Milliseconds of profile samples whose frame is in the tracker script. */
function trackerSelfTime(profile, urlPart) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  let us = 0;
  profile.samples.forEach((id, i) => {
    if (byNode.get(id)?.callFrame.url.includes(urlPart)) us += profile.timeDeltas[i] ?? 0;
  });
  return us / 1000;
}

/** Sums top-level EvaluateScript / FunctionCall / v8.compile slices of the tracker that start
 * before `before` (trace clock), in ms. */
function trackerTime(events, urlPart, before) {
  const ours = events
    .filter((e) => e.ph === 'X' && ['EvaluateScript', 'FunctionCall', 'v8.compile', 'v8.callFunction'].includes(e.name))
    .filter((e) => e.ts < before && JSON.stringify(e.args ?? {}).includes(urlPart))
    .sort((a, b) => a.ts - b.ts);
  let total = 0;
  let end = -1;
  for (const e of ours) {
    if (e.ts >= end) {
      total += e.dur ?? 0; // nested slices are inside the outer one's time
      end = e.ts + (e.dur ?? 0);
    }
  }
  return total / 1000;
}
