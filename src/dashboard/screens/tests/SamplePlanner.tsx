/**
 * The wizard's sample-size planner: the goal's baseline conversion rate as measured on the site's
 * own last 28 days (the owner may type another), the smallest uplift to detect, and from the
 * server the visitors each variant needs and the days that takes at the site's daily visitors.
 */
import { useEffect, useState } from 'react';
import { TextField } from '../../../ui/TextField';
import { planTest, type TestPlan } from '../../data/experiments';

interface Props {
  siteId: string;
  goal: string;
  arms: number;
  traffic: number;
  mde: string;
  onMde: (mde: string) => void;
  /** The visitors the test needs in all, or 0 while unknown (stored as the planned sample size). */
  onTotal: (total: number) => void;
}

const asPercent = (rate: number) => String(Number((rate * 100).toFixed(2)));

function measuredHint(plan: TestPlan | null): string | undefined {
  if (!plan) return undefined;
  const { visitors, converters, days } = plan.measured;
  if (visitors === 0) return `No visitors measured in the last ${days} days: type the rate you expect.`;
  if (converters === 0) return `No visitor reached this goal in the last ${days} days: type the rate you expect.`;
  return `Measured: ${converters.toLocaleString('en-US')} of ${visitors.toLocaleString('en-US')} visitors in the last ${days} days.`;
}

function summary(plan: TestPlan | null, typedValid: boolean): string {
  if (plan?.perArm && plan.total) {
    const cuped = plan.varianceReduction;
    const need =
      `${plan.perArm.toLocaleString('en-US')} visitors per variant, ${plan.total.toLocaleString('en-US')} in all` +
      (cuped && plan.perArmUnadjusted
        ? ` (with CUPED: ${(cuped.reduction * 100).toFixed(0)}% less variance measured on “${cuped.name}”; ${plan.perArmUnadjusted.toLocaleString('en-US')} per variant without)`
        : '');
    if (plan.days !== null) {
      const daily = Math.round(plan.dailyVisitors).toLocaleString('en-US');
      return `${need}: about ${plan.days.toLocaleString('en-US')} days at your ${daily} visitors a day.`;
    }
    if (plan.measured.visitors === 0) return `${need}. Your site has no measured traffic yet, so the days it takes are unknown.`;
    return `${need}.`;
  }
  if (plan && !typedValid && plan.measured.rate === null) {
    return `No traffic measured in the last ${plan.measured.days} days: type a baseline conversion rate to plan the test.`;
  }
  return 'Enter a baseline rate between 0 and 100% and an uplift to see the visitors needed.';
}

export function SamplePlanner({ siteId, goal, arms, traffic, mde, onMde, onTotal }: Props) {
  // The owner's own baseline (percent); null keeps the measured one.
  const [typed, setTyped] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ inputs: string; plan: TestPlan } | null>(null);

  const typedRate = typed === null ? undefined : Number(typed) / 100;
  const typedValid = typedRate !== undefined && typedRate > 0 && typedRate < 1;
  const uplift = Number(mde) / 100;
  const askable = uplift > 0 && traffic >= 0 && (typed === null || typedValid);
  const inputs = JSON.stringify([siteId, goal, uplift, arms, traffic, typedValid ? typedRate : null]);
  // Only the answer for the inputs on screen counts; a slower earlier answer is ignored.
  const plan = askable && answer?.inputs === inputs ? answer.plan : null;

  useEffect(() => {
    if (!askable) return;
    let live = true;
    planTest({ siteId, goal, mde: uplift, arms, traffic, baseline: typedValid ? typedRate : undefined }).then(
      (p) => live && setAnswer({ inputs, plan: p }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [askable, inputs, siteId, goal, uplift, arms, traffic, typedValid, typedRate]);

  const total = plan?.total ?? 0;
  useEffect(() => onTotal(total), [onTotal, total]);

  const measuredRate = answer?.plan.measured.rate;
  const shown = typed ?? (measuredRate ? asPercent(measuredRate) : '');
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-3" data-testid="sample-size-planner">
      <legend className="px-1 text-sm font-medium">Sample size</legend>
      <div className="grid grid-cols-2 gap-2">
        <TextField
          id="test-baseline"
          label="Baseline conversion rate (%)"
          hint={measuredHint(answer?.plan ?? null)}
          type="number"
          step="0.1"
          value={shown}
          onChange={(e) => setTyped(e.target.value)}
        />
        <TextField
          id="test-mde"
          label="Smallest uplift to detect (%)"
          type="number"
          step="1"
          value={mde}
          onChange={(e) => onMde(e.target.value)}
        />
      </div>
      <p className="text-sm text-slate-700" data-testid="plan-summary">
        {summary(plan, typedValid)}
      </p>
    </fieldset>
  );
}
