// Report generation on a big site: CRO_BENCH_EVENTS synthetic events (default 200,000; the
// budget's run is 5,000,000) are written by the seeder of 40-dashboard-queries for a site with a
// running experiment and a 5-step funnel, then the full report of the last 30 days is made as the
// owner through the export route (POST /api/cro/sites/{id}/export-report): PDF and Excel, each
// timed end to end (the event store's queries, the funnel and experiment results, the drawing)
// CRO_BENCH_REPORT_RUNS times (default 5) after one untimed warm-up, with the file sizes.
import { envNumber, percentile, round, setup, siteFor, startServer } from './lib.mjs';
import { seed } from './40-dashboard-queries.part.mjs';

async function timedExport(server, owner, siteId, format, runs) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/cro/sites/${siteId}/export-report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: owner.client.authStore.token },
      body: JSON.stringify({ format, days: 30 }),
    });
    if (!res.ok) throw new Error(`export ${format} answered ${res.status}: ${await res.text()}`);
    bytes = (await res.arrayBuffer()).byteLength;
    times.push(performance.now() - t);
  }
  return { times: times.sort((a, b) => a - b), bytes };
}

export default async function (emit) {
  setup();
  const events = envNumber('CRO_BENCH_EVENTS', 200_000);
  const runs = envNumber('CRO_BENCH_REPORT_RUNS', 5);
  const server = await startServer();
  try {
    const { owner, site } = await siteFor(server, 'reports.bench.example.com');
    await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
    const goal = await owner.client
      .collection('goals')
      .create({ site_id: site.id, name: 'Purchase', type: 'url', match: '/thank-you', value: 80, enabled: true });
    const experiment = await owner.client.collection('experiments').create({
      site_id: site.id,
      name: 'Bench test',
      status: 'running',
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'B', weight: 0.5, changes: [{ type: 'set_text', value: 'Buy now' }] },
      ],
      primary_goal: goal.id,
    });
    const seeded = await seed(server, site, events, experiment.id);
    await owner.client.collection('funnels').create({
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
    emit('report_events_in_site', seeded.events, 'events');
    // One untimed report first, so that neither format pays for the cold database pages.
    await timedExport(server, owner, site.id, 'csv', 1);
    for (const format of ['pdf', 'excel']) {
      const { times, bytes } = await timedExport(server, owner, site.id, format, runs);
      emit(`report_full_30d_${format}_p50`, round(percentile(times, 50)), 'ms');
      emit(`report_full_30d_${format}_max`, round(times[times.length - 1]), 'ms');
      emit(`report_full_30d_${format}_bytes`, bytes, 'bytes');
    }
  } finally {
    await server.stop();
  }
}
