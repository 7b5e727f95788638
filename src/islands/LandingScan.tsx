/**
 * The landing page's free scan widget: idle -> scanning (input and button
 * disabled, 'Scanning...', progress 0, 20, 40, 60, 80 every 400 ms, held at 80 until the real
 * scan answers) -> complete ('Scan Complete', the top 3 opportunities, sign-up CTA) or a clear
 * error. A new scan clears the earlier results.
 */
import { CheckCircle2, Search } from 'lucide-react';
import type { LandingOpportunity, ScanResponse } from '../lib/audit/present';
import ShareMenu from './ShareMenu';
import ProgressBar from '../ui/scan/ProgressBar';
import ScanFailed from '../ui/scan/ScanFailed';
import ScanUrlInput from '../ui/scan/ScanUrlInput';
import { usePublicScan } from '../ui/scan/usePublicScan';

const STEPS = [0, 20, 40, 60, 80] as const;
const STEP_MS = 400;

export function confidenceClass(confidence: number): string {
  if (confidence >= 90) return 'bg-emerald-50 text-emerald-800';
  if (confidence >= 80) return 'bg-amber-50 text-amber-800';
  return 'bg-sky-50 text-sky-800';
}

const IMPACT_CLASS: Record<string, string> = {
  high: 'bg-rose-50 text-rose-800',
  medium: 'bg-amber-50 text-amber-800',
};

export default function LandingScan() {
  const { url, setUrl, result, error, progress, complete, busy, submit } = usePublicScan(STEPS, STEP_MS);
  return (
    <div data-testid="landing-scan">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row" aria-label="Free website scan">
        <label htmlFor="landing-scan-url" className="sr-only">
          Website URL
        </label>
        <ScanUrlInput id="landing-scan-url" url={url} busy={busy} onUrl={setUrl} className="min-h-11 flex-1" />
        <button type="submit" disabled={!url.trim() || busy} className="btn btn-primary disabled:cursor-not-allowed disabled:opacity-50">
          <Search className="size-4" aria-hidden="true" />
          {busy ? 'Scanning...' : 'Analyze Website'}
        </button>
      </form>

      <div aria-live="polite" className="mt-5 space-y-4">
        {busy && <ProgressBar value={progress} label="Analyzing your website" />}
        {error && <ScanFailed message={error} />}
        {complete && result && <ScanResults result={result} />}
      </div>
    </div>
  );
}

function ScanResults({ result }: { result: ScanResponse }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="badge badge-success">
          <CheckCircle2 className="size-3.5" aria-hidden="true" />
          Scan Complete
        </span>
        <span className="text-sm text-slate-600">
          {result.siteTypeLabel} · {result.totalFindings} opportunities found
        </span>
      </div>
      {result.opportunities.length === 0 ? (
        <p className="text-sm text-slate-700">No major issues found on this page. Sign up to track and test it continuously.</p>
      ) : (
        <ol className="space-y-3" aria-label="Top opportunities">
          {result.opportunities.map((o) => (
            <Opportunity key={o.id} o={o} />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 p-4">
        <p className="flex-1 text-sm text-brand-900">
          {result.moreCount + result.optimizations.length - result.opportunities.length > 0
            ? `Sign up free to see all ${result.totalFindings} opportunities and fix them without code.`
            : 'Sign up free to fix these without code and measure the lift.'}
        </p>
        <a href="/auth" className="btn btn-primary">
          Get Started Free
        </a>
        <ShareMenu text={`My website has ${result.totalFindings} conversion opportunities. Scan yours for free:`} url="/" />
      </div>
    </div>
  );
}

function Opportunity({ o }: { o: LandingOpportunity }) {
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid="scan-opportunity">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-ink">{o.name}</h3>
        <span className={`badge ${IMPACT_CLASS[o.impact] ?? 'bg-slate-100 text-slate-700'}`}>{o.impact} impact</span>
      </div>
      <p className="mt-1 text-sm text-slate-600">{o.description}</p>
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <div>
          <dt className="inline">Category: </dt>
          <dd className="inline font-medium text-ink">{o.category}</dd>
        </div>
        <div>
          <dt className="inline">Predicted lift: </dt>
          <dd className="inline font-medium text-emerald-700">
            +{o.predicted_lift_min.toFixed(1)}% to +{o.predicted_lift_max.toFixed(1)}%
          </dd>
        </div>
        <div>
          <dt className="inline">Confidence: </dt>
          <dd className={`badge ${confidenceClass(o.confidence)}`} data-testid="confidence">
            {o.confidence}%
          </dd>
        </div>
        <div>
          <dt className="inline">Difficulty: </dt>
          <dd className="inline font-medium text-ink">{o.difficulty}</dd>
        </div>
        <div>
          <dt className="inline">Time: </dt>
          <dd className="inline font-medium text-ink">{o.time_to_implement}</dd>
        </div>
      </dl>
    </li>
  );
}
