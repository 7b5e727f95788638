/**
 * What the AI may say about a site's funnels: each step's visitors as the Funnels screen counts
 * them (the server's funnel query, `$funnels.site`) and the share of the previous step's visitors
 * who went on, as the screen derives it (`funnelStepRates`). A cart page's visitors going on to
 * checkout is such a step rate, never a conversion rate: page figures count the conversions
 * recorded on the page itself, which a cart page rarely has.
 */
import { funnelStepRates } from '../funnels';
import { count, percent } from './figures';

/** A funnel of the site with its steps' visitors over the grounding's days (pocketbase/funnels/site.go). */
export interface GroundingFunnelSource {
  name: string;
  /** kind 'page': label is the URL pattern; 'goal': "Goal: <name>". */
  steps: Array<{ kind: string; label: string; users: number }>;
}

/** A cart, basket, checkout or payment page, by its path (or a page step's pattern). */
export function isCartOrCheckoutPath(path: string): boolean {
  return /cart|checkout|basket|payment/i.test(path);
}

/** One step after the first: of the visitors who reached `from`, how many went on to `to`. */
export interface FunnelStepClaim {
  funnel: string;
  from: string;
  fromKind: string;
  to: string;
  reached: number;
  wentOn: number;
  /** Percent with one decimal, as the Funnels screen shows the step's conversion from the previous step. */
  rate: number;
}

export function funnelStepClaims(funnels: readonly GroundingFunnelSource[]): FunnelStepClaim[] {
  const out: FunnelStepClaim[] = [];
  for (const f of funnels) {
    const rates = funnelStepRates(f.steps.map((s) => ({ users: s.users, medianSeconds: 0 })));
    for (let i = 1; i < f.steps.length; i++) {
      const prev = f.steps[i - 1]!;
      out.push({
        funnel: f.name,
        from: prev.label,
        fromKind: prev.kind,
        to: f.steps[i]!.label,
        reached: prev.users,
        wentOn: f.steps[i]!.users,
        rate: rates[i]!.conversionRate,
      });
    }
  }
  return out;
}

/** The steps that leave a cart or checkout page, worst rate first. */
export function cartStepClaims(funnels: readonly GroundingFunnelSource[]): FunnelStepClaim[] {
  return funnelStepClaims(funnels)
    .filter((c) => c.fromKind === 'page' && isCartOrCheckoutPath(c.from))
    .sort((a, b) => a.rate - b.rate || b.reached - a.reached || a.funnel.localeCompare(b.funnel));
}

/** One step claim in words, with the screen's figures. */
export function stepClaimLine(c: FunnelStepClaim): string {
  return `In funnel "${c.funnel}", ${percent(c.rate, 1)} of the ${count(c.reached)} visitors who reached ${c.from} went on to ${c.to} (${count(c.wentOn)}).`;
}
