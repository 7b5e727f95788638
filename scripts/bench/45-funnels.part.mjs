// Funnel queries on a big site: CRO_BENCH_EVENTS synthetic events (default 200,000; the budget's
// run is 5,000,000: 300 ms p95) are written for one site by the server's analytics-seed command
// (the seeder of 40-dashboard-queries), then a 5-step funnel over the last 30 days is timed as the
// owner through GET /api/cro/funnels/{id}/results: the first query (which stores the closed days),
// then without a breakdown, by source, and the drop-off details of its second step.
import { envNumber, percentile, round, setup, siteFor, startServer, timed } from './lib.mjs';
import { seed } from './40-dashboard-queries.part.mjs';

export default async function (emit) {
  setup();
  const events = envNumber('CRO_BENCH_EVENTS', 200_000);
  const runs = envNumber('CRO_BENCH_QUERY_RUNS', 50);
  const server = await startServer();
  try {
    const { owner, site } = await siteFor(server, 'funnels.bench.example.com');
    // The seed's purchase page converts this goal at ingest; the funnel's last step is the goal.
    const goal = await owner.client
      .collection('goals')
      .create({ site_id: site.id, name: 'Purchase', type: 'url', match: '/thank-you', value: 80, enabled: true });
    const seeded = await seed(server, site, events);
    const funnel = await owner.client.collection('funnels').create({
      site_id: site.id,
      name: 'Bench funnel',
      steps: [
        { kind: 'page', match: '/' },
        { kind: 'page', match: '/product/*' },
        { kind: 'page', match: '/cart' },
        { kind: 'page', match: '/checkout' },
        { kind: 'goal', goal: goal.id },
      ],
    });
    const base = `/api/cro/funnels/${funnel.id}`;
    // The first query computes and stores the closed days' attempts (funnel days); later ones read them.
    const t0 = performance.now();
    const first = await owner.client.send(`${base}/results`, { requestKey: null });
    const firstMs = performance.now() - t0;
    emit('funnel_events_in_site', seeded.events, 'events');
    emit('funnel_first_query', round(firstMs), 'ms');
    emit('funnel_entrants_30d', first.current.steps[0].users, 'visitors');
    const plain = await timed(owner.client, `${base}/results`, runs);
    emit('funnel_5_steps_30d_query_p50', round(percentile(plain, 50)), 'ms');
    emit('funnel_5_steps_30d_query_p95', round(percentile(plain, 95)), 'ms');
    const breakdown = await timed(owner.client, `${base}/results?breakdown=source`, runs);
    emit('funnel_breakdown_query_p95', round(percentile(breakdown, 95)), 'ms');
    const dropOff = await timed(owner.client, `${base}/dropoff?step=2`, Math.min(runs, 20));
    emit('funnel_dropoff_query_p95', round(percentile(dropOff, 95)), 'ms');
  } finally {
    await server.stop();
  }
}
