// Heatmap queries on the big site (big-site.mjs: CRO_BENCH_EVENTS synthetic events, the budget's run
// 5,000,000: 200 ms p95; the seeder writes clicks on six elements at offsets and six viewport
// widths, one in twenty a rage burst, and leaves with their scroll depth): the busiest page's click
// map (elements, bins, rage and dead clicks) and scroll map over the last 30 days are timed as the
// owner, for desktop and mobile.
import { bigSite, storeSuffix } from './big-site.mjs';
import { envNumber, percentile, round, setup, timed } from './lib.mjs';

export default async function (emitAny) {
  const emit = (name, value, unit) => emitAny(name + storeSuffix, value, unit);
  setup();
  const runs = envNumber('CRO_BENCH_QUERY_RUNS', 50);
  const { owner, site, seeded } = await bigSite();
  const base = `/api/cro/heatmaps/${site.id}`;
  const { pages } = await owner.client.send(`${base}/pages`, { requestKey: null });
  const path = encodeURIComponent(pages[0].path);
  const first = await owner.client.send(`${base}/clicks?path=${path}&device=desktop`, { requestKey: null });
  emit('heatmap_events_in_site', seeded.events, 'events');
  emit('heatmap_page_desktop_clicks_30d', first.clicks, 'clicks');
  for (const device of ['desktop', 'mobile']) {
    const clicks = await timed(owner.client, `${base}/clicks?path=${path}&device=${device}`, runs);
    emit(`heatmap_click_map_${device}_query_p50`, round(percentile(clicks, 50)), 'ms');
    emit(`heatmap_click_map_${device}_query_p95`, round(percentile(clicks, 95)), 'ms');
  }
  const scroll = await timed(owner.client, `${base}/scroll?path=${path}&device=desktop`, runs);
  emit('heatmap_scroll_map_query_p95', round(percentile(scroll, 95)), 'ms');
  const picker = await timed(owner.client, `${base}/pages`, runs);
  emit('heatmap_page_picker_query_p95', round(percentile(picker, 95)), 'ms');
}
