/**
 * 'Most Frustrated Pages' (Overview and Analytics): this week's pages with the most sessions that
 * had a frustration signal there, each linking to those sessions' recordings, most frustrated
 * first. Plans with recordings only (the server refuses the others; the card is then not shown).
 */
import { Frown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { can } from '../../lib/plans';
import { fetchFrustratedPages, type FrustratedPages } from '../../dashboard/data/frustration';
import { ROUTE_PATHS } from '../../dashboard/data/router';
import { Card } from '../Card';
import { Spinner } from '../Spinner';
import { Link } from './Link';

export const frustratedRecordingsHref = (path: string) => `${ROUTE_PATHS.recordings}?page=${encodeURIComponent(path)}&frustrated=1`;

export function FrustratedPagesCard({ siteId, planTier }: { siteId: string; planTier: string }) {
  const allowed = can(planTier, 'recordings');
  const [result, setResult] = useState<{ siteId: string; data: FrustratedPages | null } | null>(null);
  useEffect(() => {
    if (!allowed) return;
    fetchFrustratedPages(siteId, 7).then(
      (data) => setResult({ siteId, data }),
      () => setResult({ siteId, data: null }),
    );
  }, [siteId, allowed]);
  if (!allowed) return null;
  const loaded = result?.siteId === siteId ? result : null;
  return (
    <Card title="Most Frustrated Pages This Week" testId="frustrated-pages">
      {!loaded ? (
        <Spinner />
      ) : !loaded.data ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          Could not load the frustrated pages. Please try again.
        </p>
      ) : loaded.data.pages.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Frown className="h-4 w-4" aria-hidden />
          No rage clicks, dead clicks, error clicks, quick backs or excessive scrolling in the last 7 days.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {loaded.data.pages.map((p) => (
            <li key={p.path} className="flex items-center justify-between gap-3 py-2" data-testid="frustrated-page">
              <span className="truncate font-medium">{p.path}</span>
              <Link href={frustratedRecordingsHref(p.path)} className="whitespace-nowrap text-indigo-700 hover:underline">
                {p.sessions} frustrated session{p.sessions === 1 ? '' : 's'}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
