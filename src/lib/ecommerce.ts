/**
 * The Ecommerce screen's derived figures and the rate table's text form. The figures themselves
 * come from pocketbase/ecommerce (GET /api/cro/ecommerce/{site}); the contract of the events is
 * src/lib/contracts/ecommerce.ts.
 */
import { CURRENCY } from './contracts/ecommerce';

/** An amount in a currency, with cents: (1234.5, 'EUR') -> "€1,234.50". */
export function formatMoney(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      value,
    );
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** The relative change from `previous` to `current`; null when there was nothing before. */
export function relativeChange(current: number, previous: number): number | null {
  if (!previous) return null;
  return (current - previous) / previous;
}

export interface FunnelStepFigures {
  step: string;
  sessions: number;
}

/** Each step's share of the previous step and its drop-off (the first step: 1 and 0). */
export function funnelDropOff(
  steps: readonly FunnelStepFigures[],
): { step: string; sessions: number; fromPrevious: number; dropOff: number }[] {
  return steps.map((s, i) => {
    const before = i === 0 ? s.sessions : steps[i - 1]!.sessions;
    const fromPrevious = i === 0 ? 1 : before ? s.sessions / before : 0;
    return { step: s.step, sessions: s.sessions, fromPrevious, dropOff: i === 0 ? 0 : before ? 1 - fromPrevious : 0 };
  });
}

export const FUNNEL_STEP_LABELS: Record<string, string> = {
  view_item: 'Product view',
  add_to_cart: 'Add to cart',
  begin_checkout: 'Checkout',
  purchase: 'Purchase',
};

/** The rate table as the settings form shows it: one "EUR = 1.08" a line, sorted. */
export function ratesText(rates: Record<string, number>): string {
  return Object.keys(rates)
    .sort()
    .map((c) => `${c} = ${rates[c]}`)
    .join('\n');
}

/** Reads the form's rate table; a line that is not "CODE = number" is an error naming it. */
export function parseRatesText(text: string): { ok: true; rates: Record<string, number> } | { ok: false; error: string } {
  const rates: Record<string, number> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const m = /^([A-Za-z]{3})\s*=\s*([0-9]+(?:\.[0-9]+)?)$/.exec(line);
    if (!m || !CURRENCY.test(m[1]!.toUpperCase()))
      return { ok: false, error: `Line ${i + 1}: write one rate a line as CODE = rate, e.g. EUR = 1.08` };
    rates[m[1]!.toUpperCase()] = Number(m[2]);
  }
  return { ok: true, rates };
}
