/** A personalization's audience, holdout and measured effect on its Optimizations card. */
import { useEffect, useState } from 'react';
import { fetchPersonalizationEffect, type PersonalizationEffect } from '../../data/audiences';
import type { RuleRecord } from '../../data/records';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

export function effectText(e: PersonalizationEffect): string {
  if (!e.enough) return e.reason ?? 'Not enough data yet.';
  const [lo, hi] = e.upliftCi ?? [null, null];
  const ci = lo !== null && hi !== null ? ` (95% interval ${pct(lo)} to ${pct(hi)})` : '';
  return (
    `${e.uplift >= 0 ? '+' : ''}${pct(e.uplift)} conversion rate against the holdout${ci}: ` +
    `${pct(e.personalized.rate)} of ${e.personalized.visitors} shown vs ${pct(e.holdout.rate)} of ${e.holdout.visitors} held out; ` +
    `${Math.round(e.chanceToBeatHoldout * 100)}% chance it beats the original.`
  );
}

export function PersonalizationLine({ rule, audienceName }: { rule: RuleRecord; audienceName: string }) {
  const [effect, setEffect] = useState<PersonalizationEffect | null>(null);
  useEffect(() => {
    let live = true;
    fetchPersonalizationEffect(rule.id)
      .then((e) => live && setEffect(e))
      .catch(() => live && setEffect(null));
    return () => {
      live = false;
    };
  }, [rule.id, rule.audience, rule.holdout_percentage]);
  return (
    <div className="mt-2 rounded-md bg-indigo-50 p-2 text-sm text-indigo-950" data-testid="personalization">
      <p>
        Personalization for <strong>{audienceName}</strong> · {rule.holdout_percentage}% holdout sees the original
      </p>
      <p className="text-xs">{effect ? effectText(effect) : 'Measuring the effect…'}</p>
    </div>
  );
}
