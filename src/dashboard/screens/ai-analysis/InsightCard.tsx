/** One insight of an analysis: what was found, the figures behind it, and what to do next. */
import type { AiInsight } from '../../../lib/ai/insights';
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import { Link } from '../../../ui/dashboard/Link';
import { confidenceClass, impactTone } from '../../../ui/dashboard/patternTones';

export function InsightCard({ insight }: { insight: AiInsight }) {
  return (
    <Card testId="ai-insight">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{insight.title}</h3>
        <div className="flex gap-2">
          <Badge tone={impactTone(insight.impact)}>{insight.impact} impact</Badge>
          <Badge tone="outline">{insight.category}</Badge>
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-700">{insight.description}</p>
      <p className="mt-2 text-xs text-slate-500" data-testid="ai-insight-evidence">
        Based on: {insight.evidence}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
        <span className={confidenceClass(insight.confidence)}>{insight.confidence}% confidence</span>
        <span className="text-slate-700">Expected lift {insight.expectedLift}</span>
        <Link href="/dashboard/library" className="font-medium text-indigo-700 hover:underline">
          Deploy
        </Link>
        <Link href="/dashboard/tests" className="font-medium text-indigo-700 hover:underline">
          Create Test
        </Link>
      </div>
    </Card>
  );
}
