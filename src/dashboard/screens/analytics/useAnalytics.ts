/** Loads the analytics report of a site for a range; reloads when either changes. */
import { useEffect, useState } from 'react';
import { pb } from '../../../client/pb';
import type { AnalyticsReport, Range } from './types';

export function useAnalytics(siteId: string | null, days: Range, refreshKey: unknown) {
  const [report, setReport] = useState<AnalyticsReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!siteId) return;
    let live = true;
    setLoading(true);
    pb.send<AnalyticsReport>(`/api/cro/analytics/${encodeURIComponent(siteId)}`, { query: { days }, requestKey: null })
      .then((r) => {
        if (!live) return;
        setReport(r);
        setError(null);
      })
      .catch(() => live && setError('Could not load analytics. Please try again.'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [siteId, days, refreshKey]);
  return { report, error, loading };
}
