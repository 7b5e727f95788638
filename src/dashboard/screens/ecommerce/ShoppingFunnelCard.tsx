/**
 * The shopping funnel: sessions that reached a product view, the cart, the checkout and a purchase
 * (a session at a later step passed the earlier ones), with each step's drop-off, by device or
 * traffic source too, and the checkout steps the shop reports.
 */
import { useState } from 'react';
import { FUNNEL_STEP_LABELS, funnelDropOff } from '../../../lib/ecommerce';
import { formatPercent } from '../../../lib/format';
import { Card } from '../../../ui/Card';
import { SelectField } from '../../../ui/SelectField';
import type { EcommerceReport, FunnelStep } from '../../data/ecommerce';

const BREAKDOWNS = [
  ['none', 'All sessions'],
  ['device', 'By device'],
  ['source', 'By traffic source'],
] as const;

function Steps({ steps, testId }: { steps: FunnelStep[]; testId?: string }) {
  return (
    <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid={testId}>
      {funnelDropOff(steps).map((s) => (
        <li key={s.step} className="rounded-md bg-slate-50 p-2" data-testid="ecommerce-funnel-step" data-step={s.step}>
          <p className="text-xs text-slate-500">{FUNNEL_STEP_LABELS[s.step] ?? s.step}</p>
          <p className="text-lg font-semibold text-slate-900" data-testid="ecommerce-funnel-sessions">
            {s.sessions}
          </p>
          <p className="text-xs text-slate-500">
            {s.step === steps[0]?.step ? 'sessions' : `${formatPercent(s.dropOff * 100, 1)} drop-off`}
          </p>
        </li>
      ))}
    </ol>
  );
}

export function ShoppingFunnelCard({ report }: { report: EcommerceReport }) {
  const [by, setBy] = useState<'none' | 'device' | 'source'>('none');
  return (
    <Card
      title="Shopping funnel"
      testId="ecommerce-funnel"
      action={
        <SelectField id="funnel-breakdown" label="Breakdown" labelClassName="sr-only" value={by} options={BREAKDOWNS} onValue={setBy} />
      }
    >
      {by === 'none' ? (
        <Steps steps={report.funnel} testId="ecommerce-funnel-steps" />
      ) : (
        <div className="space-y-3">
          {report.funnelBy[by].map((b) => (
            <div key={b.value}>
              <p className="mb-1 text-sm font-medium text-slate-800">{b.value}</p>
              <Steps steps={b.steps ?? []} />
            </div>
          ))}
        </div>
      )}
      {report.checkoutSteps.length > 0 && (
        <p className="mt-3 text-sm text-slate-600" data-testid="ecommerce-checkout-steps">
          Checkout steps: {report.checkoutSteps.map((s) => `${s.step} ${s.sessions}`).join(' · ')} sessions
        </p>
      )}
    </Card>
  );
}
