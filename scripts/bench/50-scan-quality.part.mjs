// Scan quality: the website audit scored on the quality set (tests/fixtures/scan/quality: pages
// in the styles of real shops, SaaS, agency, docs, blog, non-profit, landing and checkout pages,
// each with the findings a reviewer expects). Precision and recall of the findings, site and
// page type accuracy, the share of findings citing evidence. The set is scored, not timed.
// The scorer (tests/helpers/scan-quality.ts) is the one the unit test uses, bundled with esbuild.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importBundled } from '../import-bundled.mjs';
import { ROOT, round } from './lib.mjs';

export default async function (emit) {
  const dir = mkdtempSync(join(tmpdir(), 'scan-quality-'));
  try {
    const helpers = resolve(ROOT, 'tests/helpers');
    const { scoreQuality } = await importBundled(join(helpers, 'scan-quality.ts'), join(dir, 'scan-quality.mjs'), helpers);
    const score = scoreQuality();
    const pct = (x) => round(x * 100, 1);
    emit('scan_quality_pages', score.cases.length, 'pages');
    emit('scan_quality_precision', pct(score.precision), '%');
    emit('scan_quality_recall', pct(score.recall), '%');
    emit('scan_quality_site_type_accuracy', pct(score.siteTypeAccuracy), '%');
    emit('scan_quality_page_type_accuracy', pct(score.pageTypeAccuracy), '%');
    emit('scan_quality_findings_with_evidence', pct(score.evidenceShare), '%');
    emit('scan_quality_findings', score.findings, 'findings');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
