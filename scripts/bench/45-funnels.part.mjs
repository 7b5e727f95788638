// Funnel queries on the big site (big-site.mjs: CRO_BENCH_EVENTS synthetic events; the budget's run
// is 5,000,000: 300 ms p95): its 5-step funnel (four pages, then the Purchase goal) over the last
// 30 days is timed as the owner through GET /api/cro/funnels/{id}/results on a steady server
// (big-site.mjs): without a breakdown, by source, and the drop-off details of its second step; the
// first reads right after a restart, and after a second one, are their own figures.
import { bigSite, bigSiteEmit } from './big-site.mjs';
import { envNumber, percentile, round, setup, timed } from './lib.mjs';

export default async function (emitAny) {
  const emit = bigSiteEmit(emitAny);
  setup();
  const runs = envNumber('CRO_BENCH_QUERY_RUNS', 50);
  const { owner, funnel, seeded, coldFirst, storedFirst } = await bigSite();
  const base = `/api/cro/funnels/${funnel.id}`;
  // The first query right after a restart computes the closed days' attempts (funnel days) unless
  // the start-up warm-up got there first (big-site.mjs); the timed runs are on a steady server.
  const first = await owner.client.send(`${base}/results`, { requestKey: null });
  emit('funnel_events_in_site', seeded.events, 'events');
  emit('funnel_first_query', round(coldFirst.funnel), 'ms');
  emit('funnel_breakdown_cold_first_read', round(coldFirst.funnel_breakdown), 'ms');
  emit('funnel_dropoff_cold_first_read', round(coldFirst.funnel_dropoff), 'ms');
  // After a second restart, the closed days its predecessor worked out are there (big-site.mjs).
  emit('funnel_first_read_after_second_restart', round(storedFirst.funnel), 'ms');
  emit('funnel_breakdown_first_read_after_second_restart', round(storedFirst.funnel_breakdown), 'ms');
  emit('funnel_dropoff_first_read_after_second_restart', round(storedFirst.funnel_dropoff), 'ms');
  emit('funnel_entrants_30d', first.current.steps[0].users, 'visitors');
  const plain = await timed(owner.client, `${base}/results`, runs);
  emit('funnel_5_steps_30d_query_p50', round(percentile(plain, 50)), 'ms');
  emit('funnel_5_steps_30d_query_p95', round(percentile(plain, 95)), 'ms');
  const breakdown = await timed(owner.client, `${base}/results?breakdown=source`, runs);
  emit('funnel_breakdown_query_p95', round(percentile(breakdown, 95)), 'ms');
  const dropOff = await timed(owner.client, `${base}/dropoff?step=2`, Math.min(runs, 20));
  emit('funnel_dropoff_query_p95', round(percentile(dropOff, 95)), 'ms');
}
