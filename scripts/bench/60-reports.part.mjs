// Report generation on the big site (big-site.mjs: CRO_BENCH_EVENTS synthetic events, the budget's
// run 5,000,000, a running experiment and a 5-step funnel): the full report of the last 30 days is
// made as the owner through the export route (POST /api/cro/sites/{id}/export-report): PDF and
// Excel, each timed end to end (the event store's queries, the funnel and experiment results, the
// drawing) CRO_BENCH_REPORT_RUNS times (default 5) after one untimed warm-up, with the file sizes.
import { bigSite } from './big-site.mjs';
import { envNumber, percentile, round, setup } from './lib.mjs';

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
  const runs = envNumber('CRO_BENCH_REPORT_RUNS', 5);
  const { server, owner, site, seeded } = await bigSite();
  emit('report_events_in_site', seeded.events, 'events');
  // One untimed report first, so that neither format pays for the cold database pages.
  await timedExport(server, owner, site.id, 'csv', 1);
  for (const format of ['pdf', 'excel']) {
    const { times, bytes } = await timedExport(server, owner, site.id, format, runs);
    emit(`report_full_30d_${format}_p50`, round(percentile(times, 50)), 'ms');
    emit(`report_full_30d_${format}_max`, round(times[times.length - 1]), 'ms');
    emit(`report_full_30d_${format}_bytes`, bytes, 'bytes');
  }
}
