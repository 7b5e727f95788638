// Tracker sizes: the two builds' minified and gzip sizes. The core build (analytics only, served
// to sites without enabled optimization rules) has a 3.5 KB gzip budget; the full build
// (core plus optimization rules and so CRO workers, and A/B tests; served to sites with an
// enabled rule or a running experiment) has a 7 KB gzip budget (7,296 B since the visual editor's
// hook). The visual editor's bundle (never loaded by visitors) has a 60 KB gzip budget; the
// ecommerce chunk (imported only on sites that capture ecommerce events) a 1 KB one, the survey
// widget (imported only on sites with an active survey) an 8 KB one.
// scripts/build-tracker.mjs fails when any is over budget.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ROOT } from './lib.mjs';

export default async function (emit) {
  const r = spawnSync(process.execPath, [resolve(ROOT, 'scripts/build-tracker.mjs'), '--report'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const { core, full, editor, ecommerce, survey } = JSON.parse(r.stdout.trim().split('\n').pop());
  emit('tracker_core_gzip_size', core.gzip, 'bytes');
  emit('tracker_core_minified_size', core.bytes, 'bytes');
  emit('tracker_full_gzip_size', full.gzip, 'bytes');
  emit('tracker_full_minified_size', full.bytes, 'bytes');
  emit('ecommerce_chunk_gzip_size', ecommerce.gzip, 'bytes');
  emit('ecommerce_chunk_minified_size', ecommerce.bytes, 'bytes');
  emit('survey_widget_gzip_size', survey.gzip, 'bytes');
  emit('survey_widget_minified_size', survey.bytes, 'bytes');
  emit('visual_editor_gzip_size', editor.gzip, 'bytes');
  emit('visual_editor_minified_size', editor.bytes, 'bytes');
}
