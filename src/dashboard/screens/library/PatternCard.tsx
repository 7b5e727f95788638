/** One pattern: impact, difficulty, lift, confidence, up to 3 tags and Deploy. */
import { Clock, Rocket, TrendingUp } from 'lucide-react';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import type { PatternRecord } from '../../data/records';
import { confidenceClass, impactTone } from '../../../ui/dashboard/patternTones';

export const TAGS_PER_CARD = 3;

export function PatternCard({
  pattern,
  onDeploy,
  deployDisabled,
  featured,
}: {
  pattern: PatternRecord;
  onDeploy: () => void;
  deployDisabled?: string;
  featured?: boolean;
}) {
  const p = pattern;
  return (
    <article
      data-testid="pattern-card"
      className={`flex flex-col rounded-lg border bg-white p-4 shadow-sm ${featured ? 'border-indigo-300' : 'border-slate-200'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{p.name}</h3>
        {featured && <Badge>Featured</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-600">{p.description}</p>
      <div className="mt-3 flex flex-wrap gap-1.5">
        <Badge tone={impactTone(p.impact)}>{p.impact} impact</Badge>
        <Badge tone="outline">{p.difficulty === 'easy' ? 'Easy' : p.difficulty === 'medium' ? 'Medium' : 'Hard'}</Badge>
        {(p.tags ?? []).slice(0, TAGS_PER_CARD).map((t) => (
          <Badge key={t} tone="secondary">
            {t}
          </Badge>
        ))}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">Avg. lift</dt>
          <dd className="flex items-center gap-1 font-semibold text-emerald-700">
            <TrendingUp className="h-4 w-4" aria-hidden />+{p.avg_lift}%
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Predicted</dt>
          <dd className="font-medium">
            +{p.predicted_lift_min}% to +{p.predicted_lift_max}%
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Confidence</dt>
          <dd className={`font-medium ${confidenceClass(p.confidence)}`}>{p.confidence}%</dd>
        </div>
        <div>
          <dt className="text-slate-500">Time</dt>
          <dd className="flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden />
            {p.time_to_implement}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">{p.implementations.toLocaleString()} implementations</p>
      <div className="mt-auto pt-3">
        <Button className="w-full" onClick={onDeploy} disabled={!!deployDisabled} title={deployDisabled}>
          <Rocket className="h-4 w-4" aria-hidden />
          Deploy
        </Button>
      </div>
    </article>
  );
}
