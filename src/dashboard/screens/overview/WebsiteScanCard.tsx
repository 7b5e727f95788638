/**
 * The overview's website CRO scan: scans the selected site's own domain on the server
 * (POST /api/cro/site-scan), which adds the site's analytics and analysed documents and applies
 * the plan limit. Progress 10, 20, 30, 50, 80, then 100 with the results; free plans see 3 and
 * the 'Unlock N More Optimizations' banner. A finding the pattern library can fix gets a
 * 'Create Rule' button that opens the library's deploy dialog for that pattern.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { Lock, ScanSearch } from 'lucide-react';
import { patternNameFor } from '../../../lib/audit/pattern-links';
import { $patterns } from '../../data/patterns';
import type { PatternRecord, SiteRecord } from '../../data/records';
import { runSiteScan, scanErrorMessage, type SiteScanResponse } from '../../data/scans';
import { notify } from '../../../ui/toast';
import { useScanProgress } from '../../../ui/scan/useScanProgress';
import ProgressBar from '../../../ui/scan/ProgressBar';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { useSiteContext } from '../../data/siteContext';
import { DeployPatternDialog } from '../../../ui/dashboard/DeployPatternDialog';
import { pluralize } from '../../../lib/format';

const STEPS = [10, 20, 30, 50, 80] as const;
const STEP_MS = 400;
const IMPACT_TONE = { High: 'danger', Medium: 'warning', Low: 'secondary' } as const;

export function WebsiteScanCard() {
  const { site, user } = useSiteContext();
  const [scanning, setScanning] = useState(false);
  const [result, setResult] = useState<SiteScanResponse | null>(null);
  const progress = useScanProgress(STEPS, STEP_MS);

  async function scan() {
    if (!user || !site) {
      notify('No site found', 'Please add a site first', 'destructive');
      return;
    }
    setScanning(true);
    setResult(null);
    progress.start();
    try {
      const res = await runSiteScan(site.id);
      setResult(res);
      progress.resolve();
    } catch (err) {
      progress.reset();
      notify('Scan Failed', scanErrorMessage(err), 'destructive');
    } finally {
      setScanning(false);
    }
  }

  const complete = result !== null && progress.done;
  /** Busy from the click until the results show (the bar holds at its last step until then). */
  const busy = scanning || (result !== null && !progress.done);

  useEffect(() => {
    if (complete && result)
      notify(
        'Comprehensive Scan Complete!',
        `Found ${pluralize(result.totalFindings, 'optimization opportunity', 'optimization opportunities')} from ${result.sources.join(', ')}.`,
        'success',
      );
  }, [complete, result]);
  return (
    <Card
      title="Website CRO Scan"
      testId="website-scan-card"
      action={
        <Button onClick={scan} disabled={busy}>
          <ScanSearch className="h-4 w-4" />
          {busy ? 'Scanning...' : 'Scan Website'}
        </Button>
      }
    >
      {busy && <ProgressBar value={progress.progress} label={`Scanning ${site?.domain ?? 'your website'}`} />}
      {!busy && !result && (
        <EmptyState icon={ScanSearch} title="No scan yet">
          Scan your website to find ranked optimization opportunities.
        </EmptyState>
      )}
      {complete && result && site && <ScanResults result={result} site={site} />}
    </Card>
  );
}

function ScanResults({ result, site }: { result: SiteScanResponse; site: SiteRecord }) {
  // The scan stands on its own without the library: no patterns, no 'Create Rule' buttons.
  const list = useStore($patterns);
  const patterns = useMemo(() => new Map((list ?? []).map((p) => [p.name, p])), [list]);
  const [deploying, setDeploying] = useState<PatternRecord | null>(null);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {result.siteTypeLabel} · {result.totalFindings} opportunities · expected lift {result.expectedLift} · sources:{' '}
        {result.sources.join(', ')}
      </p>
      <ol className="space-y-2">
        {result.opportunities.map((f) => (
          <ScanOpportunity key={f.id} f={f} pattern={patterns.get(patternNameFor(f.id) ?? '') ?? null} onCreateRule={setDeploying} />
        ))}
      </ol>
      {result.lockedCount > 0 && (
        <a
          href="/pricing"
          className="flex items-center justify-between gap-3 rounded-lg bg-indigo-50 p-3 text-sm font-semibold text-indigo-800 hover:bg-indigo-100"
          data-testid="unlock-banner"
        >
          <span className="flex items-center gap-2">
            <Lock className="h-4 w-4" aria-hidden="true" />
            Unlock {result.lockedCount} More Optimizations
          </span>
          <span aria-hidden="true">→</span>
        </a>
      )}
      {deploying && <DeployPatternDialog pattern={deploying} site={site} onClose={() => setDeploying(null)} />}
    </div>
  );
}

function ScanOpportunity({
  f,
  pattern,
  onCreateRule,
}: {
  f: SiteScanResponse['opportunities'][number];
  pattern: PatternRecord | null;
  onCreateRule: (p: PatternRecord) => void;
}) {
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="site-scan-opportunity">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">{f.title}</p>
        <div className="flex gap-1">
          <Badge tone={IMPACT_TONE[f.impact]}>{f.impact}</Badge>
          <Badge tone="outline">{f.category}</Badge>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600">{f.description}</p>
      {f.page && f.pageRole !== 'home' && (
        <p className="mt-1 text-xs text-slate-500" data-testid="site-scan-page">
          On {f.page.replace(/^https?:\/\/[^/]+/, '') || '/'}
        </p>
      )}
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-500">
          +{f.conversionLift} · {f.difficulty} · confidence {f.confidence}% · {f.timeToImplement}
        </p>
        {pattern && (
          <Button
            variant="outline"
            className="px-2 py-1 text-xs"
            onClick={() => onCreateRule(pattern)}
            aria-label={`Create rule: ${pattern.name}`}
          >
            Create Rule
          </Button>
        )}
      </div>
    </li>
  );
}
