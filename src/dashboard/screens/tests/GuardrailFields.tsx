/** The wizard's guardrails: each metric on or off with the percent worse than the control that pauses the test. */
import { GUARDRAIL_LABELS, GUARDRAIL_METRICS, type Guardrail, type GuardrailMetric } from '../../../lib/experiments';

/** A new test watches page errors by default: a variant that breaks the page is paused. */
export const DEFAULT_GUARDRAILS: Guardrail[] = [{ metric: 'error_rate', threshold: 20 }];
const DEFAULT_THRESHOLD = 20;

export function GuardrailFields({ value, onChange }: { value: Guardrail[]; onChange: (g: Guardrail[]) => void }) {
  const find = (metric: GuardrailMetric) => value.find((g) => g.metric === metric);
  const toggle = (metric: GuardrailMetric, on: boolean) =>
    onChange(on ? [...value, { metric, threshold: DEFAULT_THRESHOLD }] : value.filter((g) => g.metric !== metric));
  const setThreshold = (metric: GuardrailMetric, threshold: number) =>
    onChange(value.map((g) => (g.metric === metric ? { ...g, threshold } : g)));
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-3" data-testid="guardrail-fields">
      <legend className="px-1 text-sm font-medium">Guardrails</legend>
      <p className="text-xs text-slate-500">The test is paused automatically when a variant is significantly worse than the control.</p>
      {GUARDRAIL_METRICS.map((metric) => {
        const g = find(metric);
        return (
          <div key={metric} className="flex items-center justify-between gap-2 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={!!g} onChange={(e) => toggle(metric, e.target.checked)} />
              {GUARDRAIL_LABELS[metric]}
            </label>
            {g && (
              <label className="flex items-center gap-1 text-xs text-slate-600">
                worse by more than
                <input
                  aria-label={`${GUARDRAIL_LABELS[metric]} threshold (%)`}
                  className="w-16 rounded border border-slate-300 px-1 py-0.5"
                  type="number"
                  min={1}
                  max={100}
                  value={g.threshold}
                  onChange={(e) => setThreshold(metric, Math.min(100, Math.max(1, Number(e.target.value) || 1)))}
                />
                %
              </label>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
