// `npm run bench`: runs every part in scripts/bench/ (alphabetical) and prints one JSON line per
// figure: {"name": ..., "value": number, "unit": ...} (and labels, such as a p95's budget). Parts export `default async (emit) => {}`.
// Run one part: `npm run bench -- tracker` (substring of the part's file name).
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { atEnd } from './bench/lib.mjs';

const dir = resolve(import.meta.dirname, 'bench');
const only = process.argv.slice(2);
const parts = readdirSync(dir)
  .filter((f) => /^\d*[-\w]*\.part\.mjs$/.test(f))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

// extra: labels such as a figure's budget (big-site.mjs's p95 figures).
const emit = (name, value, unit, extra = {}) => console.log(JSON.stringify({ name, value: Number(value), unit, ...extra }));
// Once, at the end or when stopped (a run with a deadline: `timeout`): stop the servers and remove their data.
let cleaned;
const cleanUp = () =>
  (cleaned ??= (async () => {
    for (const done of atEnd.reverse()) await done().catch((err) => console.error(`bench: clean-up failed: ${err}`));
  })());
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, async () => {
    console.error(`bench: ${signal}: stopping`);
    await cleanUp();
    process.exit(1);
  });
}
let failed = false;
for (const f of parts) {
  try {
    const mod = await import(pathToFileURL(resolve(dir, f)).href);
    await mod.default(emit);
  } catch (err) {
    failed = true;
    console.error(`bench: ${f} failed: ${err && err.stack ? err.stack : err}`);
  }
}
await cleanUp();
process.exit(failed ? 1 : 0);
