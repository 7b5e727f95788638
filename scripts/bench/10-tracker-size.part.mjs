// Tracker size: the minified script's gzip size, with optimization rules support (budget 6 KB).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ROOT } from './lib.mjs';

export default async function (emit) {
  const r = spawnSync(process.execPath, [resolve(ROOT, 'scripts/build-tracker.mjs'), '--report'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const { bytes, gzip } = JSON.parse(r.stdout.trim().split('\n').pop());
  emit('tracker_gzip_size', gzip, 'bytes');
  emit('tracker_minified_size', bytes, 'bytes');
}
