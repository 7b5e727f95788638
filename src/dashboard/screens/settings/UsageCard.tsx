/** The site's tracked visitors this month against its plan, with what happens above the limit. */
import { Card } from '../../../ui/Card';
import { usageOf, usageSentence } from '../../../ui/dashboard/usage';
import type { SiteRecord } from '../../data/records';

export function UsageCard({ site }: { site: SiteRecord }) {
  const u = usageOf(site);
  const width = Math.min(u.percent ?? 0, 100);
  return (
    <Card title="Plan usage" testId="plan-usage">
      <p className="text-sm text-slate-700" data-testid="usage-sentence">
        {usageSentence(u)}
      </p>
      {u.limit !== null && (
        <div
          className="mt-2 h-2 w-full rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Monthly visitors used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={width}
        >
          <div
            className={`h-2 rounded-full ${u.level >= 100 ? 'bg-red-600' : u.level > 0 ? 'bg-amber-500' : 'bg-indigo-600'}`}
            style={{ width: `${width}%` }}
          />
        </div>
      )}
      <p className="mt-2 text-xs text-slate-500">
        Counted once per visitor per calendar month (UTC). At 80% and 100% you get a notification and an email. Above the limit page views
        are still counted; recordings and heatmap capture pause until next month or an upgrade.
      </p>
    </Card>
  );
}
