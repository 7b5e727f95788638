// Session recordings: the recorder chunk's gzip size (budget 30 KB); a scripted visit of the
// fixture sign-up page (typing, mouse moves, scrolling, clicks) at 4x CPU throttling, recorded on
// a Growth site: bytes per recorded minute as stored, and the main-thread script time recording
// adds (the same visit on a Starter site, which never loads the recorder, is the baseline; CDP
// Performance.getMetrics ScriptDuration, median of CRO_BENCH_RECORDING_RUNS); and ingest of
// recording chunks per second (that visit's own chunk, posted by 8 clients for
// CRO_BENCH_RECORDING_INGEST_SECONDS, each with its own session).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, startPocketBase } from '../../tests/helpers/pocketbase.ts';
import { createServer } from 'node:http';
import { trackingSnippet } from '../../src/lib/tracking-snippet.ts';
import { ROOT, envNumber, percentile, round, setup } from './lib.mjs';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

export default async function (emit) {
  const r = spawnSync(process.execPath, [resolve(ROOT, 'scripts/build-tracker.mjs'), '--report'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const { recorder } = JSON.parse(r.stdout.trim().split('\n').pop());
  emit('recorder_chunk_gzip_size', recorder.gzip, 'bytes');
  emit('recorder_chunk_minified_size', recorder.bytes, 'bytes');

  setup();
  const port = await freePort();
  const shop = await joinPage(`http://127.0.0.1:${port}`);
  const server = await startPocketBase({
    port,
    env: { CRO_COLLECT_ALLOWED_ORIGINS: shop.origin, CRO_RECORDING_SITE_RPS: '0', CRO_RECORDING_CLIENT_RPS: '0' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const owner = await server.createUser();
    const siteOn = async (plan) =>
      server.admin.collection('sites').create({ user_id: owner.record.id, domain: `${plan}.bench.test`, plan_tier: plan });
    const growth = await siteOn('growth');
    const starter = await siteOn('starter');
    const seconds = envNumber('CRO_BENCH_RECORDING_SECONDS', 20);

    // One scripted visit; returns the script time (ms) of the page's main thread.
    const visit = async (key) => {
      const context = await browser.newContext({ userAgent: UA, viewport: { width: 1280, height: 800 } });
      await context.addInitScript(() => Object.defineProperty(navigator, 'webdriver', { get: () => false }));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Performance.enable');
      await page.goto(`${shop.origin}/join?cro_key=${key}`, { waitUntil: 'load' });
      const until = Date.now() + seconds * 1000;
      let i = 0;
      while (Date.now() < until) {
        await page.mouse.move(100 + ((i * 37) % 600), 100 + ((i * 53) % 500), { steps: 5 });
        if (i % 5 === 0) await page.locator('#join-email').pressSequentially('someone@example.net'.slice(0, 1 + (i % 19)), { delay: 15 });
        if (i % 7 === 0) await page.getByRole('button', { name: 'Create account' }).click();
        if (i % 3 === 0) await page.mouse.wheel(0, i % 2 ? 200 : -200);
        await page.waitForTimeout(250);
        i++;
      }
      const { metrics } = await cdp.send('Performance.getMetrics');
      const script = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
      await context.close();
      return script * 1000;
    };

    const runs = envNumber('CRO_BENCH_RECORDING_RUNS', 3);
    const withRecording = [];
    const without = [];
    for (let i = 0; i < runs; i++) {
      without.push(await visit(starter.public_key));
      withRecording.push(await visit(growth.public_key));
    }
    withRecording.sort((a, b) => a - b);
    without.sort((a, b) => a - b);
    emit('recording_main_thread_added_4x_cpu', round(percentile(withRecording, 50) - percentile(without, 50)), `ms per ${seconds} s visit`);
    emit('recording_main_thread_total_4x_cpu', round(percentile(withRecording, 50)), `ms per ${seconds} s visit`);

    let rows = [];
    for (let t = 0; t < 50 && rows.length < runs; t++) {
      rows = await server.admin.collection('session_recordings').getFullList({ filter: `site_id = "${growth.id}"` });
      if (rows.length < runs) await new Promise((res) => setTimeout(res, 200));
    }
    const perMinute = rows.map((row) => (row.bytes / Math.max(1, row.duration_seconds)) * 60).sort((a, b) => a - b);
    emit('recording_bytes_per_minute', Math.round(percentile(perMinute, 50)), 'bytes (gzip, as stored)');
    emit('recording_storage_per_1000_one_minute_sessions', round((percentile(perMinute, 50) * 1000) / 1e6, 1), 'MB');

    // Ingest: the largest stored chunk of those visits, posted again and again.
    const dir = join(server.dataDir, 'recordings', growth.id);
    const files = readdirSync(dir).flatMap((s) => readdirSync(join(dir, s)).map((f) => join(dir, s, f)));
    const original = files.map((f) => readFileSync(f)).sort((a, b) => b.length - a.length)[0];
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const events = JSON.parse(gunzipSync(original).toString());
    const ingestSeconds = envNumber('CRO_BENCH_RECORDING_INGEST_SECONDS', 10);
    let sent = 0;
    let failed = 0;
    const end = Date.now() + ingestSeconds * 1000;
    const started = Date.now();
    const client = async (c) => {
      let n = 0;
      while (Date.now() < end) {
        // Fresh times (the server refuses stale chunks) and a session of its own per post.
        const shift = Date.now() - events[0].timestamp;
        const body = gzipSync(JSON.stringify(events.map((e) => ({ ...e, timestamp: e.timestamp + shift }))));
        const res = await fetch(`${server.url}/api/cro/recordings?k=${growth.public_key}&s=bench${c}x${n++}&v=benchvisitor${c}`, {
          method: 'POST',
          body,
          headers: { Origin: shop.origin, 'User-Agent': UA },
        });
        await res.arrayBuffer();
        if (res.status === 202) sent++;
        else failed++;
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, c) => client(c)));
    const elapsed = (Date.now() - started) / 1000;
    emit(
      'recording_ingest_chunks_per_second',
      round(sent / elapsed, 1),
      `chunks/s (${original.length} B gzip, ${events.length} events each)`,
    );
    emit('recording_ingest_failed', failed, 'requests');
  } finally {
    await browser.close();
    await server.stop();
    await shop.stop();
  }
}

/** The fixture sign-up page (tests/fixtures/site/join.html in its layout) with the real snippet, on its own origin. */
async function joinPage(croOrigin) {
  const dir = resolve(ROOT, 'tests/fixtures/site');
  const host = createServer((req, res) => {
    const key = new URL(req.url ?? '/', 'http://x').searchParams.get('cro_key') ?? '';
    const html = readFileSync(join(dir, '_layout.html'), 'utf8')
      .replace('{{title}}', 'Join')
      .replace('{{SNIPPET}}', () => trackingSnippet(croOrigin, key))
      .replace('{{body}}', readFileSync(join(dir, 'join.html'), 'utf8'));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise((r) => host.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${host.address().port}`, stop: () => new Promise((r) => host.close(() => r())) };
}
