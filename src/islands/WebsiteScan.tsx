/**
 * The /website-scan page: an empty URL is refused with the 'URL Required'
 * toast; otherwise progress grows by 10 every 300 ms (held at 90 until the scan answers), then
 * the 10 highest-impact findings of the real audit, the expected lift and the count of further
 * findings, and 'Scan Complete!' naming the detected site type. Result buttons go to /auth.
 */
import { useEffect } from 'react';
import { ArrowRight, Search } from 'lucide-react';
import type { ScanResponse } from '../lib/audit/present';
import type { Finding } from '../lib/audit/types';
import { notify } from '../ui/toast';
import ProgressBar from '../ui/scan/ProgressBar';
import ScanFailed from '../ui/scan/ScanFailed';
import ScanUrlInput from '../ui/scan/ScanUrlInput';
import { usePublicScan } from '../ui/scan/usePublicScan';
import { pluralize, withArticle } from '../lib/format';

const STEPS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90] as const;
const STEP_MS = 300;

const IMPACT_CLASS: Record<Finding['impact'], string> = {
  High: 'bg-rose-50 text-rose-800',
  Medium: 'bg-amber-50 text-amber-800',
  Low: 'bg-slate-100 text-slate-700',
};
const DIFFICULTY_CLASS: Record<Finding['difficulty'], string> = {
  Easy: 'bg-emerald-50 text-emerald-800',
  Medium: 'bg-sky-50 text-sky-800',
  Hard: 'bg-violet-50 text-violet-800',
};

export default function WebsiteScan() {
  const { url, setUrl, result, error, progress, complete, busy, submit } = usePublicScan(STEPS, STEP_MS, {
    onEmpty: () => notify('URL Required', 'Please enter a website URL to scan', 'destructive'),
    onFailed: (message) => notify('Scan Failed', message, 'destructive'),
  });

  // The toast comes with the results, when the progress bar reaches 100.
  useEffect(() => {
    if (complete && result)
      notify(
        'Scan Complete!',
        `Detected ${withArticle(result.siteTypeLabel)}${/website$/i.test(result.siteTypeLabel) ? '' : ' site'} with ${pluralize(result.totalFindings, 'optimization opportunity', 'optimization opportunities')}.`,
        'success',
      );
  }, [complete, result]);
  return (
    <div className="space-y-8">
      <form onSubmit={submit} noValidate className="card flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Website scan">
        <div className="flex-1">
          <label htmlFor="website-scan-url" className="block text-sm font-semibold text-ink">
            Website URL
          </label>
          <ScanUrlInput id="website-scan-url" url={url} busy={busy} onUrl={setUrl} className="mt-1.5 block min-h-11 w-full" />
        </div>
        <button type="submit" disabled={busy} className="btn btn-primary btn-lg disabled:cursor-not-allowed disabled:opacity-50">
          <Search className="size-4" aria-hidden="true" />
          {busy ? 'Scanning...' : 'Scan Website'}
        </button>
      </form>

      <div aria-live="polite" className="space-y-6">
        {busy && (
          <div className="card">
            <ProgressBar value={progress} label="Analyzing your website" />
          </div>
        )}
        {error && <ScanFailed message={error} large />}
        {complete && result && <Results result={result} />}
      </div>
    </div>
  );
}

function Stat({
  label,
  testId,
  value,
  accent = false,
  note,
}: {
  label: string;
  testId: string;
  value: string | number;
  accent?: boolean;
  note?: string;
}) {
  return (
    <div>
      <p className="text-sm text-slate-600">{label}</p>
      <p className={`text-lg font-bold${accent ? ' text-emerald-700' : ''}`} data-testid={testId}>
        {value}
      </p>
      {note && (
        <p className="text-xs text-slate-600" data-testid={`${testId}-note`}>
          {note}
        </p>
      )}
    </div>
  );
}

function Results({ result }: { result: ScanResponse }) {
  return (
    <section aria-labelledby="scan-results-title" className="space-y-6">
      <div className="card grid gap-4 sm:grid-cols-3">
        <Stat
          label="Site type"
          testId="site-type"
          value={result.siteTypeLabel}
          note={result.siteTypeHome ? 'Read from this page and the site’s home page' : undefined}
        />
        <Stat label="Expected conversion lift" testId="expected-lift" value={result.expectedLift} accent />
        <Stat label="Opportunities found" testId="total-findings" value={result.totalFindings} />
      </div>
      <h2 id="scan-results-title" className="text-2xl font-bold">
        Top optimizations for {result.url}
      </h2>
      {result.optimizations.length === 0 ? (
        <p className="card text-slate-700">
          This page passes every check we run. Sign up to track it and test improvements with real visitors.
        </p>
      ) : (
        <ol className="grid gap-4 md:grid-cols-2">
          {result.optimizations.map((f, i) => (
            <Optimization key={f.id} f={f} rank={i + 1} />
          ))}
        </ol>
      )}
      <div className="card flex flex-col items-start gap-4 bg-brand-50 sm:flex-row sm:items-center">
        <p className="flex-1 text-brand-900" data-testid="more-count">
          {result.moreCount > 0
            ? `${result.moreCount} more optimizations found on this page. Sign up free to see them all and deploy fixes without code.`
            : 'Sign up free to deploy these fixes without code and measure the lift.'}
        </p>
        <a href="/auth" className="btn btn-primary btn-lg">
          Unlock All Optimizations <ArrowRight className="size-4" aria-hidden="true" />
        </a>
        <a href="/auth" className="btn btn-secondary btn-lg">
          Start Free Trial
        </a>
      </div>
    </section>
  );
}

function describeEvidence(f: Finding): string {
  const e = f.evidence;
  const parts: string[] = [];
  if (e.missing) parts.push(`Missing: ${e.missing}`);
  if (e.element) parts.push(`Found: ${e.element}${e.count !== undefined ? ` x${e.count}` : ''}`);
  else if (e.count !== undefined) parts.push(`Count: ${e.count}`);
  if (e.sample) parts.push(`"${e.sample}"`);
  return parts.join(' · ');
}

function Optimization({ f, rank }: { f: Finding; rank: number }) {
  return (
    <li className="card flex flex-col gap-3" data-testid="scan-optimization">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold text-ink">
          <span className="text-slate-500">{rank}. </span>
          {f.title}
        </h3>
        <span className="badge bg-brand-50 text-brand-800 whitespace-nowrap">{f.category}</span>
      </div>
      <p className="text-sm text-slate-600">{f.description}</p>
      {describeEvidence(f) && <p className="text-xs text-slate-500">{describeEvidence(f)}</p>}
      <div className="mt-auto flex flex-wrap items-center gap-2 text-xs">
        <span className={`badge ${IMPACT_CLASS[f.impact]}`}>{f.impact} Impact</span>
        <span className={`badge ${DIFFICULTY_CLASS[f.difficulty]}`}>{f.difficulty}</span>
        <span className="badge bg-emerald-50 text-emerald-800">+{f.conversionLift} conversions</span>
        <span className="text-slate-500">Confidence {f.confidence}%</span>
      </div>
      <a href="/auth" className="text-sm font-semibold text-brand-700 hover:underline">
        Implement this fix <span aria-hidden="true">→</span>
      </a>
    </li>
  );
}
