/**
 * ROI calculator of /roi-calculator. Three inputs; Calculate is enabled once all three are
 * non-empty; results appear only after Calculate and only when every value is a positive number.
 */
import { useState, type FormEvent } from 'react';
import { calculateRoi, type RoiResult } from '../lib/roi';
import { formatCount, formatPercent, formatUsd } from '../lib/format';

type Field = 'monthlyVisitors' | 'conversionRate' | 'averageOrderValue';

const FIELDS: { id: Field; label: string; hint: string; step: string; placeholder: string }[] = [
  { id: 'monthlyVisitors', label: 'Monthly visitors', hint: 'Unique visitors per month', step: '1', placeholder: '10000' },
  { id: 'conversionRate', label: 'Conversion rate (%)', hint: 'Share of visitors who buy or sign up', step: '0.1', placeholder: '2.5' },
  {
    id: 'averageOrderValue',
    label: 'Average order value ($)',
    hint: 'Revenue per conversion, in US dollars',
    step: '0.01',
    placeholder: '85',
  },
];

export default function RoiCalculator() {
  const [values, setValues] = useState<Record<Field, string>>({ monthlyVisitors: '', conversionRate: '', averageOrderValue: '' });
  const [result, setResult] = useState<RoiResult | null>(null);
  const [invalid, setInvalid] = useState(false);
  const filled = FIELDS.every((f) => values[f.id].trim() !== '');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const computed = calculateRoi(values);
    // Nothing is computed when a value parses to zero or is not a number, and results computed
    // from earlier inputs must not stay on screen as if they answered these.
    setResult(computed);
    setInvalid(!computed);
  }

  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <form onSubmit={onSubmit} className="card lg:col-span-2" aria-label="ROI inputs" noValidate>
        <h2 className="text-xl font-bold">Your numbers</h2>
        <div className="mt-6 space-y-5">
          {FIELDS.map((f) => (
            <div key={f.id}>
              <label htmlFor={f.id} className="block text-sm font-semibold text-ink">
                {f.label}
              </label>
              <input
                id={f.id}
                name={f.id}
                type="number"
                inputMode="decimal"
                min="0"
                step={f.step}
                placeholder={f.placeholder}
                aria-describedby={`${f.id}-hint`}
                value={values[f.id]}
                onChange={(e) => setValues((v) => ({ ...v, [f.id]: e.target.value }))}
                className="mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base text-ink shadow-sm focus:border-brand-500"
              />
              <p id={`${f.id}-hint`} className="mt-1 text-sm text-slate-600">
                {f.hint}
              </p>
            </div>
          ))}
        </div>
        <button
          type="submit"
          disabled={!filled}
          className="btn btn-primary btn-lg mt-6 w-full disabled:cursor-not-allowed disabled:opacity-50"
        >
          Calculate
        </button>
      </form>
      <div className="lg:col-span-3" aria-live="polite">
        {result ? (
          <RoiResults r={result} />
        ) : (
          <div className="card flex h-full min-h-64 items-center justify-center text-center text-slate-600">
            <p role={invalid ? 'alert' : undefined}>
              {invalid
                ? 'Each value must be a number greater than zero.'
                : 'Enter your monthly visitors, conversion rate and average order value, then press Calculate.'}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-semibold text-ink tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** One projected scenario: the low or the high end of the expected lift. */
function ScenarioCard({ title, r, end }: { title: string; r: RoiResult; end: 'Low' | 'High' }) {
  const id = end.toLowerCase();
  return (
    <div className="card">
      <h3 className="h3">{title}</h3>
      <dl className="mt-3">
        <Row label="Conversion rate" value={formatPercent(r[`projectedConversion${end}`])} testId={`conversion-${id}`} />
        <Row label="Conversions" value={formatCount(r[`conversions${end}`])} testId={`conversions-${id}`} />
        <Row label="Monthly revenue" value={formatUsd(r[`revenue${end}`])} testId={`revenue-${id}`} />
        <Row label="Extra per month" value={formatUsd(r[`additionalMonthly${end}`])} testId={`monthly-${id}`} />
        <Row label="Extra per year" value={formatUsd(r[`additionalAnnual${end}`])} testId={`annual-${id}`} />
        <Row label="ROI" value={formatPercent(r[`roi${end}`], 0)} testId={`roi-${id}`} />
      </dl>
    </div>
  );
}

function RoiResults({ r }: { r: RoiResult }) {
  return (
    <section aria-labelledby="roi-results" className="space-y-6">
      <h2 id="roi-results" className="sr-only">
        Results
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl bg-emerald-50 p-5">
          <p className="text-sm font-semibold text-emerald-800">Additional annual revenue</p>
          <p className="mt-1 text-2xl font-extrabold text-emerald-900 tabular-nums" data-testid="additional-annual">
            {formatUsd(r.additionalAnnualLow)} – {formatUsd(r.additionalAnnualHigh)}
          </p>
        </div>
        <div className="rounded-2xl bg-brand-50 p-5">
          <p className="text-sm font-semibold text-brand-800">Return on investment</p>
          <p className="mt-1 text-2xl font-extrabold text-brand-900 tabular-nums" data-testid="roi">
            {formatPercent(r.roiLow, 0)} – {formatPercent(r.roiHigh, 0)}
          </p>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <div className="card">
          <h3 className="h3">Today</h3>
          <dl className="mt-3">
            <Row label="Visitors" value={formatCount(r.currentVisitors)} testId="current-visitors" />
            <Row label="Conversion rate" value={formatPercent(r.currentConversion)} testId="current-conversion" />
            <Row label="Conversions" value={formatCount(r.currentConversions)} testId="current-conversions" />
            <Row label="Monthly revenue" value={formatUsd(r.currentRevenue)} testId="current-revenue" />
          </dl>
        </div>
        <ScenarioCard title="Conservative (+18%)" r={r} end="Low" />
        <ScenarioCard title="Optimistic (+34%)" r={r} end="High" />
      </div>
      <p className="text-sm text-slate-600">
        Compared with an annual cost of{' '}
        <strong className="text-ink" data-testid="annual-cost">
          {formatUsd(r.annualCost)}
        </strong>{' '}
        (Growth plan, $299 × 12). Uplifts of 18% and 34% are relative to your current conversion rate.
      </p>
    </section>
  );
}
