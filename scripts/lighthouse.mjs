// Lighthouse (mobile preset) on every page of the built sitemap and the public pages kept out of
// it (sign-in, payment results, the form confirmation), served by the production
// server (.bin/cro-server serving dist/) on a free loopback port with a throwaway data dir.
// Prints each page's four category scores and its total transfer size; exits 1 when a score
// is below LIGHTHOUSE_MIN (default 95). Run: npm run lighthouse (after a build).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { sitemapPaths, UNLISTED_PUBLIC_PATHS as UNLISTED } from './public-pages.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const DIST = join(ROOT, 'dist');
const SERVER = join(ROOT, '.bin/cro-server');
const MIN = Number(process.env.LIGHTHOUSE_MIN ?? 95);
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean); // e.g. "/,/features"
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// The noindex public pages are measured without the "page is blocked from indexing" audit, which
// they fail by design. (Lighthouse refuses documents answered with 404, so the not-found page is
// left to the axe crawl.)

for (const [path, hint] of [
  [join(DIST, 'index.html'), 'run `astro build`'],
  [SERVER, 'run `bash scripts/setup.sh`'],
]) {
  if (!existsSync(path)) {
    console.error(`${path} is missing: ${hint} first.`);
    process.exit(1);
  }
}

const freePort = () =>
  new Promise((res, rej) => {
    const srv = createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = srv.address();
        srv.close(() => res(port));
      })
      .on('error', rej);
  });

async function startServer() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cro-lh-'));
  const proc = spawn(
    SERVER,
    [
      'serve',
      `--http=127.0.0.1:${port}`,
      `--dir=${dir}`,
      `--hooksDir=${join(ROOT, 'pocketbase/pb_hooks')}`,
      `--migrationsDir=${join(ROOT, 'pocketbase/pb_migrations')}`,
      `--siteDir=${DIST}`,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () => {
      proc.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
});

const rows = [];
try {
  const paths = ONLY ?? [...sitemapPaths(DIST), ...UNLISTED];
  for (const path of paths) {
    // One retry when Chrome could not load the page at all (e.g. dist/ was being rebuilt).
    let lhr;
    for (let attempt = 0; attempt < 2; attempt++) {
      const skipAudits = UNLISTED.includes(path) ? ['is-crawlable'] : [];
      lhr = (
        await lighthouse(server.url + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          skipAudits,
        })
      ).lhr;
      if (!lhr.runtimeError) break;
      console.error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const bytes = lhr.audits['total-byte-weight']?.numericValue ?? 0;
    const failing = CATEGORIES.flatMap((c, i) =>
      scores[i] < MIN
        ? lhr.categories[c].auditRefs
            .map((r) => lhr.audits[r.id])
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
            .map((a) => `${c}:${a.id}`)
        : [],
    );
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
      .map(
        (id) =>
          `${id
            .split('-')
            .map((w) => w[0])
            .join('')
            .toUpperCase()} ${lhr.audits[id]?.displayValue ?? '-'}`,
      )
      .join(', ');
    rows.push({ path, scores, bytes, failing, metrics });
    console.error(`measured ${path}`);
  }
} finally {
  await chrome.kill();
  server.stop();
}

const head = ['page'.padEnd(48), 'perf', 'a11y', ' b.p', ' seo', '  transfer'].join(' ');
console.log(head);
for (const r of rows) {
  const label = UNLISTED.includes(r.path) ? `${r.path} (noindex)` : r.path;
  console.log([label.padEnd(48), ...r.scores.map((s) => String(s).padStart(4)), `${(r.bytes / 1024).toFixed(1).padStart(7)} KB`].join(' '));
}
const low = rows.filter((r) => r.scores.some((s) => s < MIN));
for (const r of low) console.log(`below ${MIN}: ${r.path} (${r.metrics}) -> ${r.failing.join(', ')}`);
if (process.env.LIGHTHOUSE_VERBOSE) for (const r of rows) console.log(`${r.path}: ${r.metrics}`);
process.exit(low.length ? 1 : 0);
