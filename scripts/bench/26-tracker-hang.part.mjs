// A tracker origin that accepts connections and never answers (tests/helpers/streamed-shop.mjs
// serves such a /t/<key>.js): the first contentful paint of the streamed checkout without any
// snippet, with the loader snippet pointing at the hanging origin, and with the old synchronous
// snippet (which holds the parser, so the page stays blank; waited for 3 s at most). No CPU
// throttling: the loader's cap is wall-clock time. Medians of 5 loads; the part fails when the
// medians differ by more than 1,000 ms.
import { streamedStand } from './browser.mjs';
import { envNumber, percentile, round } from './lib.mjs';

const OLD_SNIPPET_WAIT_MS = 3000;
const fcp = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;

export default async function (emit) {
  await streamedStand(
    async () => {},
    async ({ visitorPage, url }) => {
      const runs = envNumber('CRO_BENCH_TRACKER_RUNS', 5);
      const plain = [];
      const hanging = [];
      const delays = [];
      for (let i = 0; i < runs; i++) {
        for (const [query, into] of [
          ['snippet=none', plain],
          ['snippet=loader&hang=1', hanging],
        ]) {
          const { context, page } = await visitorPage(1);
          await page.goto(url(query), { waitUntil: 'load' });
          await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
          into.push(await page.evaluate(fcp));
          await context.close();
        }
        delays.push(hanging[i] - plain[i]);
      }
      const { context, page } = await visitorPage(1);
      await page.goto(url('snippet=sync&hang=1'), { waitUntil: 'commit' });
      await page.waitForTimeout(OLD_SNIPPET_WAIT_MS);
      const old = await page.evaluate(fcp);
      await context.close();
      for (const a of [plain, hanging, delays]) a.sort((x, y) => x - y);
      emit('tracker_hang_fcp_without_snippet', round(percentile(plain, 50)), 'ms');
      emit('tracker_hang_fcp_loader_snippet', round(percentile(hanging, 50)), 'ms');
      const delay = percentile(hanging, 50) - percentile(plain, 50);
      emit('tracker_hang_fcp_delay_loader_snippet', round(delay), 'ms');
      // The worst single pair: on a busy machine timers fire late, so this one varies most.
      emit('tracker_hang_fcp_delay_loader_snippet_max', round(delays[delays.length - 1]), 'ms');
      // -1: no paint at all within the wait (the old synchronous snippet holds the parser).
      emit('tracker_hang_fcp_old_sync_snippet_within_3s', round(old), 'ms');
      if (delay > 1000) throw new Error(`a hanging origin held the first paint ${delay} ms (medians)`);
    },
  );
}
