/**
 * Analytics' Recent Sessions (plans with recordings): the range's latest recorded sessions, each
 * with 'Watch Replay', which opens the Session Recordings player on that session
 * (/dashboard/recordings?session=<session id>).
 */
import { Play, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDuration } from '../../../lib/recordings/format';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { Link } from '../../../ui/dashboard/Link';
import { Spinner } from '../../../ui/Spinner';
import { fetchRecentRecordedSessions } from '../../data/recordings';
import type { SessionRecordingRecord } from '../../data/records';
import { ROUTE_PATHS } from '../../data/router';

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url || '—';
  }
};

export const replayHref = (sessionId: string) => `${ROUTE_PATHS.recordings}?session=${encodeURIComponent(sessionId)}`;

export function RecentSessions({ siteId, days }: { siteId: string; days: number }) {
  // The answer for one site and range; an answer for another (a change meanwhile) is not shown.
  const key = `${siteId}:${days}`;
  const [result, setResult] = useState<{ key: string; sessions: SessionRecordingRecord[] | null } | null>(null);
  useEffect(() => {
    fetchRecentRecordedSessions(siteId, days).then(
      (page) => setResult({ key: `${siteId}:${days}`, sessions: page.items }),
      () => setResult({ key: `${siteId}:${days}`, sessions: null }),
    );
  }, [siteId, days]);
  const loaded = result?.key === key ? result : null;
  const sessions = loaded?.sessions ?? null;
  const failed = !!loaded && loaded.sessions === null;

  return (
    <Card title="Recent Sessions" testId="recent-sessions">
      {failed ? (
        <p className="text-sm text-slate-600">Could not load session recordings</p>
      ) : !loaded || sessions === null ? (
        <Spinner />
      ) : sessions.length === 0 ? (
        <EmptyState icon={Video} title="No Recordings Yet">
          Recorded sessions of the last {days} days appear here with their replay.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-2 text-sm" data-testid="recent-session">
              <Link
                href={replayHref(s.session_id)}
                className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50"
              >
                <Play className="h-4 w-4" aria-hidden />
                Watch Replay
              </Link>
              <span>
                <span className="font-medium" data-testid="recent-session-page">
                  {pathOf(s.page_url)}
                </span>
                {s.pages_count > 1 && <span className="ml-1 text-xs text-slate-500">+{s.pages_count - 1} more</span>}
                <span className="ml-2 text-slate-600">
                  {new Date(s.started_at).toLocaleString('en-US')} · {formatDuration(s.duration_seconds)} · {s.device_type || '—'}
                  {s.country && ` · ${s.country}`}
                  {s.converted && ' · converted'}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
