// The change engine's observer on a page that changes often: after load, the streamed checkout
// (with an applied rule) adds 1,000 nodes and rewrites their text, 100 per frame (2,000 mutation
// records). The sampling JavaScript profiler sums the time spent in the tracker's own functions
// (the observer's callbacks) during those mutations, once the tracker's deferred start is over,
// Chromium at 4x CPU throttling; median of 5 runs.
import { placeOrderTextRule, streamedStand } from './browser.mjs';
import { envNumber, percentile, round } from './lib.mjs';

export default async function (emit) {
  const withRule = placeOrderTextRule('Complete secure checkout');

  await streamedStand(withRule, async ({ site, visitorPage, url }) => {
    const times = [];
    const pageTimes = [];
    for (let i = 0; i < envNumber('CRO_BENCH_TRACKER_RUNS', 5); i++) {
      const { context, page, cdp } = await visitorPage();
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
      await page.goto(url('delay=0&mutate=1000'), { waitUntil: 'load' });
      await page.waitForFunction(() => document.getElementById('place-order')?.textContent === 'Complete secure checkout');
      // Past the tracker's deferred start and its first batch (idle time, 2 s at the latest), so
      // that the profile holds the observer's work only.
      await page.waitForTimeout(3000);
      await cdp.send('Profiler.start');
      await page.evaluate(() => dispatchEvent(new Event('mutate')));
      await page.waitForFunction(() => document.title === 'mutated');
      const { profile } = await cdp.send('Profiler.stop');
      times.push(selfTime(profile, (u) => u.includes('/t/' + site.public_key)));
      pageTimes.push(selfTime(profile, (u) => u.includes('/checkout')));
      if ((await page.locator('p.row').count()) !== 1000) throw new Error('the page did not add 1,000 nodes');
      await context.close();
    }
    times.sort((a, b) => a - b);
    pageTimes.sort((a, b) => a - b);
    emit('tracker_observer_main_thread_1000_mutations_4x_cpu', round(percentile(times, 50)), 'ms');
    emit('tracker_observer_page_own_script_1000_mutations_4x_cpu', round(percentile(pageTimes, 50)), 'ms'); // for scale
  });
}

/** Milliseconds of profile samples whose frame's script URL passes `ours`. */
function selfTime(profile, ours) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  let us = 0;
  profile.samples.forEach((id, i) => {
    if (ours(byNode.get(id)?.callFrame.url ?? '')) us += profile.timeDeltas[i] ?? 0;
  });
  return us / 1000;
}
