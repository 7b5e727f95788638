// Heatmap queries on the big site (big-site.mjs: CRO_BENCH_EVENTS synthetic events, the budget's run
// 5,000,000: 200 ms p95; the seeder writes clicks on six elements at offsets and six viewport
// widths, one in twenty a rage burst, and leaves with their scroll depth): the busiest page's click
// map (elements, bins, rage and dead clicks) and scroll map over the last 30 days are timed as the
// owner, for desktop and mobile. On ClickHouse with system.query_log enabled (not the helper's default
// config), also ClickHouse's queries, rows read and CPU per click map request.
import { bigSite, bigSiteEmit } from './big-site.mjs';
import { envNumber, percentile, round, setup, timed } from './lib.mjs';

export default async function (emitAny) {
  const emit = bigSiteEmit(emitAny);
  setup();
  const runs = envNumber('CRO_BENCH_QUERY_RUNS', 50);
  const { owner, site, seeded, ch, coldFirst } = await bigSite();
  // Timed on a steady server (big-site.mjs); the busiest page's first reads right after a restart:
  emit('heatmap_click_map_desktop_cold_first_read', round(coldFirst.click_map_desktop), 'ms');
  emit('heatmap_click_map_mobile_cold_first_read', round(coldFirst.click_map_mobile), 'ms');
  const base = `/api/cro/heatmaps/${site.id}`;
  const { pages } = await owner.client.send(`${base}/pages`, { requestKey: null });
  const path = encodeURIComponent(pages[0].path);
  const first = await owner.client.send(`${base}/clicks?path=${path}&device=desktop`, { requestKey: null });
  emit('heatmap_events_in_site', seeded.events, 'events');
  emit('heatmap_page_desktop_clicks_30d', first.clicks, 'clicks');
  for (const device of ['desktop', 'mobile']) {
    const logged = ch && (await queryLogWindow(ch));
    const clicks = await timed(owner.client, `${base}/clicks?path=${path}&device=${device}`, runs);
    if (logged) {
      const per = await logged.end(runs);
      emit(`heatmap_click_map_${device}_clickhouse_queries_per_request`, round(per.queries), 'queries');
      emit(`heatmap_click_map_${device}_clickhouse_read_rows_per_request`, round(per.rows), 'rows');
      emit(`heatmap_click_map_${device}_clickhouse_cpu_per_request`, round(per.cpuMs), 'ms');
    }
    emit(`heatmap_click_map_${device}_query_p50`, round(percentile(clicks, 50)), 'ms');
    emit(`heatmap_click_map_${device}_query_p95`, round(percentile(clicks, 95)), 'ms');
  }
  const scroll = await timed(owner.client, `${base}/scroll?path=${path}&device=desktop`, runs);
  emit('heatmap_scroll_map_query_p95', round(percentile(scroll, 95)), 'ms');
  const picker = await timed(owner.client, `${base}/pages`, runs);
  emit('heatmap_page_picker_query_p95', round(percentile(picker, 95)), 'ms');
}

/**
 * ClickHouse's finished queries from now to end(): their count, rows read and CPU (user + system)
 * per request, from system.query_log; null when the server does not log queries.
 */
async function queryLogWindow(ch) {
  if ((await ch.query('EXISTS TABLE system.query_log')).trim() !== '1') return null;
  await new Promise((r) => setTimeout(r, 1100)); // event_time is in seconds: leave the earlier queries behind
  const from = (await ch.query('SELECT toUInt32(now())')).trim();
  return {
    async end(runs) {
      await new Promise((r) => setTimeout(r, 1100));
      await ch.query('SYSTEM FLUSH LOGS');
      const cpu = (name) => `ProfileEvents.Values[indexOf(ProfileEvents.Names, '${name}')]`;
      const [queries, rows, micros] = (
        await ch.query(
          `SELECT count(), sum(read_rows), sum(${cpu('UserTimeMicroseconds')} + ${cpu('SystemTimeMicroseconds')}) FROM system.query_log
           WHERE type = 2 AND event_time >= toDateTime(${from}) AND query NOT LIKE '%system.%'
           AND query NOT LIKE 'SYSTEM %' AND query NOT LIKE '%toUInt32(now())' FORMAT TSV`,
        )
      )
        .trim()
        .split('\t')
        .map(Number);
      // Where it goes, on stderr: each query shape's count, rows read and CPU (ms) per request.
      const shapes = await ch.query(
        `SELECT substring(replaceRegexpAll(query, '[0-9]+', 'N'), 1, 160) AS shape, count() / ${runs}, sum(read_rows) / ${runs},
           sum(${cpu('UserTimeMicroseconds')} + ${cpu('SystemTimeMicroseconds')}) / 1000 / ${runs} AS ms FROM system.query_log
         WHERE type = 2 AND event_time >= toDateTime(${from}) AND query NOT LIKE '%system.%' GROUP BY shape ORDER BY ms DESC FORMAT TSV`,
      );
      console.error(`heatmaps: ClickHouse queries per click map request by shape (count, rows, cpu ms):\n${shapes}`);
      return { queries: queries / runs, rows: rows / runs, cpuMs: micros / 1000 / runs };
    },
  };
}
