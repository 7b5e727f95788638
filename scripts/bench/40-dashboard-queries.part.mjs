// Dashboard queries on the big site (big-site.mjs: CRO_BENCH_EVENTS synthetic events, default
// 200,000, the budget's run 5,000,000, written by the server binary's analytics-seed command through
// the same writer as ingestion: raw events, sessions, rollups; a third of the sessions exposed to a
// running experiment) while the server runs: the overview (KPIs), analytics (90 days), its session
// list (90 days, pages 1 and 20) and experiment results routes (then with guardrails, and a ratio
// metric's) are timed as the owner on a steady
// server (restarted, after its start-up warm-up; each route's first read right after a restart is
// its own figure, *_cold_first_read), and the
// seeding rate, the database growth per million events and the server's peak memory are reported.
// A failed query fails the part, with the server's state, memory over time and last log lines on
// stderr.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bigSite, bigSiteEmit } from './big-site.mjs';
import { envNumber, percentile, round, setup, tail } from './lib.mjs';

async function timed(client, path, runs) {
  const times = [];
  const started = Date.now();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    try {
      await client.send(path, { requestKey: null });
    } catch (err) {
      // The SDK reports a request that got no HTTP answer as status 0; the socket error says why.
      const cause = err?.originalError?.cause?.code ?? err?.originalError?.cause?.message ?? '';
      const ms = Math.round(performance.now() - t);
      throw new Error(`GET ${path} failed on run ${i + 1} after ${ms} ms: ${err}${cause ? ` (${cause})` : ''}`, { cause: err });
    }
    times.push(performance.now() - t);
  }
  // In run order on stderr: a slow first run (a fresh server) tells apart from noise in the p95.
  const route = path.replace(/\/[a-z0-9]{15}/g, '/:id');
  console.error(`dashboard: ${route}: ${times.map((t) => Math.round(t)).join(' ')} ms`);
  // The series' wall-clock window (ms since 1970), to find its queries in ClickHouse's query log (big-site.mjs).
  console.error(`dashboard: ${route}: window ${started} ${Date.now()} ms`);
  return times.sort((a, b) => a - b);
}

export default async function (emitAny) {
  const emit = bigSiteEmit(emitAny);
  setup();
  const { server, memory, owner, site, experiment, seeded, dbBytesPerMillion, coldFirst, warmUpSeconds } = await bigSite();
  try {
    emit('seed_events_per_s', round(seeded.events / seeded.seconds, 0), 'events/s');
    emit('db_bytes_per_million_events', round(dbBytesPerMillion, 0), 'bytes');
    if (seeded.bytesPerEventAllTables !== undefined) {
      // ClickHouse: the first (seeded, not copied) events' bytes over every table, each merged.
      emit('seeded_events_measured_for_bytes', seeded.bytesSeededEvents, 'events');
      emit('bytes_per_event_all_tables', round(seeded.bytesPerEventAllTables, 1), 'bytes');
      emit('seed_seconds', round(seeded.seedSeconds, 0), 's');
      emit('copy_seconds', round(seeded.copySeconds, 0), 's');
      emit('settle_seconds', round(seeded.settleSeconds, 0), 's');
    }

    // The timed runs below measure a steady server (big-site.mjs: restarted, after its start-up
    // warm-up); a route's first read right after a restart is its own figure.
    emit('server_start_warm_up_seconds', round(warmUpSeconds, 1), 's');
    emit('dashboard_overview_cold_first_read', round(coldFirst.overview), 'ms');
    emit('dashboard_analytics_90d_cold_first_read', round(coldFirst.analytics_90d), 'ms');
    const runs = envNumber('CRO_BENCH_QUERY_RUNS', 50);
    const overview = await timed(owner.client, `/api/cro/kpis/${site.id}`, runs);
    const analytics = await timed(owner.client, `/api/cro/analytics/${site.id}?days=90`, runs);
    emit('dashboard_events_in_site', seeded.events, 'events');
    emit('dashboard_overview_query_p50', round(percentile(overview, 50)), 'ms');
    emit('dashboard_overview_query_p95', round(percentile(overview, 95)), 'ms');
    emit('dashboard_analytics_90d_query_p50', round(percentile(analytics, 50)), 'ms');
    emit('dashboard_analytics_90d_query_p95', round(percentile(analytics, 95)), 'ms');
    // Analytics' session list: the newest page of 90 days, and page 20 (the store walks 950 sessions to it).
    const sessions = await timed(owner.client, `/api/cro/analytics/${site.id}/sessions?days=90`, runs);
    const deepPage = await timed(owner.client, `/api/cro/analytics/${site.id}/sessions?days=90&page=20`, runs);
    emit('dashboard_sessions_90d_query_p50', round(percentile(sessions, 50)), 'ms');
    emit('dashboard_sessions_90d_query_p95', round(percentile(sessions, 95)), 'ms');
    emit('dashboard_sessions_90d_page20_query_p95', round(percentile(deepPage, 95)), 'ms');
    // A third of the sessions are exposed to a two-variant test (budget: 200 ms p95 at 5M events).
    // CRO_BENCH_EXPERIMENT_RUNS=0 leaves them out (a 50M run that measures the other routes).
    const xRuns = process.env.CRO_BENCH_EXPERIMENT_RUNS === '0' ? 0 : envNumber('CRO_BENCH_EXPERIMENT_RUNS', runs);
    if (xRuns === 0) return;
    const results = await timed(owner.client, `/api/cro/experiments/${experiment.id}/results`, xRuns);
    const revenue = await timed(owner.client, `/api/cro/experiments/${experiment.id}/results?goal=revenue`, xRuns);
    emit('experiment_results_query_p50', round(percentile(results, 50)), 'ms');
    emit('experiment_results_query_p95', round(percentile(results, 95)), 'ms');
    emit('experiment_revenue_results_query_p95', round(percentile(revenue, 95)), 'ms');
    // Guardrails (page errors, bounces and a ratio guardrail, which the results route reads on every
    // request) and a ratio metric as a secondary goal: added after the runs above, whose figures
    // stay comparable with earlier runs.
    await owner.client.collection('experiments').update(experiment.id, {
      guardrails: [
        { metric: 'error_rate', threshold: 10 },
        { metric: 'bounce_rate', threshold: 10 },
        { metric: 'pages_per_session', threshold: 10 },
      ],
      secondary_goals: ['revenue', 'revenue_per_session'],
    });
    // The first read of a ratio metric no request asked for before computes its every day (the
    // settle pass computes those asked for): its own figure, as the routes' first reads are.
    const [guardedFirst] = await timed(owner.client, `/api/cro/experiments/${experiment.id}/results`, 1);
    const [ratioFirst] = await timed(owner.client, `/api/cro/experiments/${experiment.id}/results?goal=revenue_per_session`, 1);
    emit('experiment_results_with_guardrails_first_read', round(guardedFirst), 'ms');
    emit('experiment_ratio_results_first_read', round(ratioFirst), 'ms');
    const guarded = await timed(owner.client, `/api/cro/experiments/${experiment.id}/results`, xRuns);
    const ratio = await timed(owner.client, `/api/cro/experiments/${experiment.id}/results?goal=revenue_per_session`, xRuns);
    emit('experiment_results_with_guardrails_query_p50', round(percentile(guarded, 50)), 'ms');
    emit('experiment_results_with_guardrails_query_p95', round(percentile(guarded, 95)), 'ms');
    emit('experiment_ratio_results_query_p50', round(percentile(ratio, 50)), 'ms');
    emit('experiment_ratio_results_query_p95', round(percentile(ratio, 95)), 'ms');
    // The same routes' first reads right after a restart: what the stores settled is kept, so a
    // new process computes only the recent visitors (SQLite) or days (ClickHouse).
    await server.restart();
    const [guardedRestart] = await timed(owner.client, `/api/cro/experiments/${experiment.id}/results`, 1);
    const [ratioRestart] = await timed(owner.client, `/api/cro/experiments/${experiment.id}/results?goal=revenue_per_session`, 1);
    emit('experiment_results_with_guardrails_first_read_after_restart', round(guardedRestart), 'ms');
    emit('experiment_ratio_results_first_read_after_restart', round(ratioRestart), 'ms');
  } catch (err) {
    const status = await server.exitStatus(1000);
    const logFile = join(tmpdir(), `cro-bench-dashboard-server-${Date.now()}.log`);
    writeFileSync(logFile, server.output());
    console.error(
      [
        `dashboard: server ${status === null ? 'still running' : `exited (${status})`}`,
        `dashboard: server memory over time: ${memory.summary()}`,
        `dashboard: server log (whole: ${logFile}, last lines):`,
        tail(server.output()),
      ].join('\n'),
    );
    throw err;
  } finally {
    const status = await server.exitStatus();
    emit('dashboard_server_peak_rss_mb', memory.peakMb, 'MB');
    emit('dashboard_server_stayed_up', status === null ? 1 : 0, 'bool');
  }
}
