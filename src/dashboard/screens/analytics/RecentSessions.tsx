/**
 * Analytics' Recent Sessions: every session of the range with page views (recorded or not), newest
 * first, 50 a page, from the event store (GET /api/cro/analytics/{site}/sessions). A session with a
 * recording gets 'Watch Replay' on plans with recordings, which opens the Session Recordings player
 * on it (/dashboard/recordings?session=<session id>).
 */
import { MousePointerClick, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDuration } from '../../../lib/recordings/format';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { Link } from '../../../ui/dashboard/Link';
import { Spinner } from '../../../ui/Spinner';
import { fetchAnalyticsSessions, type AnalyticsSession, type AnalyticsSessionsPage } from '../../data/analyticsSessions';
import { ROUTE_PATHS } from '../../data/router';

export const replayHref = (sessionId: string) => `${ROUTE_PATHS.recordings}?session=${encodeURIComponent(sessionId)}`;

function SessionRow({ session: s, canReplay }: { session: AnalyticsSession; canReplay: boolean }) {
  const pages = s.pageViews === 1 ? '1 page' : `${s.pageViews} pages`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-2 text-sm" data-testid="recent-session" data-session={s.sessionId}>
      {canReplay && s.recorded && (
        <Link
          href={replayHref(s.sessionId)}
          className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50"
        >
          <Play className="h-4 w-4" aria-hidden />
          Watch Replay
        </Link>
      )}
      <span>
        <span className="font-medium" data-testid="recent-session-page">
          {s.entryPage || '—'}
        </span>
        {s.exitPage && s.exitPage !== s.entryPage && <span className="ml-1 text-slate-600">→ {s.exitPage}</span>}
        <span className="ml-2 text-slate-600">
          {new Date(s.startedAt).toLocaleString('en-US')} · {formatDuration(s.durationSeconds)} · {pages} · {s.device || '—'}
          {s.browser && ` · ${s.browser}`}
          {s.country && ` · ${s.country}`} · {s.source}
          {s.converted && ' · converted'}
        </span>
      </span>
    </li>
  );
}

export function RecentSessions({ siteId, days, canReplay }: { siteId: string; days: number; canReplay: boolean }) {
  const range = `${siteId}:${days}`;
  // The page belongs to a site and range: another one starts again at page 1.
  const [paging, setPaging] = useState({ range, page: 1 });
  const page = paging.range === range ? paging.page : 1;
  const key = `${range}:${page}`;
  // The answer for one site, range and page; an answer for another (a change meanwhile) is not shown.
  const [result, setResult] = useState<{ key: string; list: AnalyticsSessionsPage | null } | null>(null);
  useEffect(() => {
    const asked = `${siteId}:${days}:${page}`;
    fetchAnalyticsSessions(siteId, days, page).then(
      (list) => setResult({ key: asked, list }),
      () => setResult({ key: asked, list: null }),
    );
  }, [siteId, days, page]);
  const loaded = result?.key === key ? result : null;
  const list = loaded?.list ?? null;
  const goTo = (p: number) => setPaging({ range, page: p });

  return (
    <Card title="Recent Sessions" testId="recent-sessions">
      {loaded && !list ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          Could not load sessions. Please try again.
        </p>
      ) : !list ? (
        <Spinner />
      ) : list.items.length === 0 && page === 1 ? (
        <EmptyState icon={MousePointerClick} title="No sessions yet">
          Visits of the last {days} days appear here once the tracking script sees them.
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {list.items.map((s) => (
              <SessionRow key={s.sessionId} session={s} canReplay={canReplay} />
            ))}
          </ul>
          {(page > 1 || list.hasMore) && (
            <nav className="flex items-center justify-between border-t border-slate-100 pt-2 text-sm" aria-label="Sessions pages">
              <Button variant="ghost" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                Previous
              </Button>
              <span>Page {page}</span>
              <Button variant="ghost" disabled={!list.hasMore} onClick={() => goTo(page + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </Card>
  );
}
