/** The guardrails of a test with the server's verdict on each: OK, breached (the test is paused) or not enough data yet. */
import { GUARDRAIL_LABELS, GUARDRAIL_STATUS_LABELS, type GuardrailStatus } from '../../../lib/experiments';
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import type { GuardrailResult, GuardrailVariant } from '../../data/experiments';
import { percent } from './format';

const TONES: Record<GuardrailStatus, 'success' | 'danger' | 'secondary'> = {
  ok: 'success',
  breached: 'danger',
  not_enough_data: 'secondary',
};

function value(metric: GuardrailResult['metric'], x: number) {
  if (metric === 'revenue_per_visitor' || metric === 'revenue_per_session' || metric === 'average_order_value') return `$${x.toFixed(2)}`;
  return metric === 'pages_per_session' ? x.toFixed(2) : percent(x);
}

function variantLine(g: GuardrailResult, v: GuardrailVariant) {
  const figures = `${value(g.metric, v.variant_value)} vs ${value(g.metric, v.control_value)} for the control`;
  if (v.status === 'not_enough_data') {
    return `${v.name}: ${figures}; ${v.users.toLocaleString('en-US')} and ${v.control_users.toLocaleString('en-US')} visitors of the ${g.min_visitors} each needs`;
  }
  return `${v.name}: ${figures}`;
}

export function GuardrailsCard({ guardrails }: { guardrails: GuardrailResult[] }) {
  return (
    <Card title="Guardrails">
      <p className="mb-2 text-xs text-slate-500">
        Checked every few minutes while the test runs: a variant significantly worse than the control by more than the threshold pauses the
        test.
      </p>
      <ul className="divide-y divide-slate-100 text-sm">
        {guardrails.map((g) => (
          <li key={g.metric} className="py-2" data-testid={`guardrail-${g.metric}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                {GUARDRAIL_LABELS[g.metric]} <span className="font-normal text-slate-500">(at most {g.threshold}% worse)</span>
              </span>
              <Badge tone={TONES[g.status]}>{GUARDRAIL_STATUS_LABELS[g.status]}</Badge>
            </div>
            <ul className="mt-1 text-xs text-slate-600">
              {g.variants.map((v) => (
                <li key={v.key} data-testid={`guardrail-${g.metric}-${v.key}`}>
                  {variantLine(g, v)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Card>
  );
}
