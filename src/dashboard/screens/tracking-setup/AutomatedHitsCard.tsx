/** How many hits the collector filtered as automated (robots, headless browsers): counted here, never as visitors. */
import { useStore } from '@nanostores/react';
import { Bot } from 'lucide-react';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { $automatedHits, $automatedHitsFailed } from '../../data/automatedHits';

export function AutomatedHitsCard() {
  const hits = useStore($automatedHits);
  const failed = useStore($automatedHitsFailed);
  return (
    <Card title="Automated hits filtered" testId="automated-hits">
      <p className="mb-3 text-sm text-slate-600">
        Robots, crawlers and headless browsers that ran your tracking script. They are left out of your visitors, conversions and tests.
      </p>
      {failed ? (
        <p className="text-sm text-red-700">Could not load the automated hits. Reload the page to try again.</p>
      ) : hits ? (
        <dl className="grid grid-cols-2 gap-3">
          {(
            [
              ['Today', hits.today, 'automated-hits-today'],
              ['Last 7 days', hits.last7Days, 'automated-hits-week'],
            ] as const
          ).map(([label, n, testId]) => (
            <div key={testId} className="flex items-center gap-2 rounded-md bg-slate-50 p-3">
              <Bot className="h-5 w-5 text-slate-500" aria-hidden />
              <div>
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="text-lg font-semibold" data-testid={testId}>
                  {n.toLocaleString('en-US')}
                </dd>
              </div>
            </div>
          ))}
        </dl>
      ) : (
        <Spinner />
      )}
    </Card>
  );
}
