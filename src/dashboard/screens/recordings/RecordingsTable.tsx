/** One page of recordings: when, where, how long (minutes:seconds), who, what happened; Watch Replay. */
import { Play } from 'lucide-react';
import { formatDuration } from '../../../lib/recordings/format';
import { Button } from '../../../ui/Button';
import type { RecordingsPage } from '../../data/recordings';
import type { SessionRecordingRecord } from '../../data/records';

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url || '—';
  }
};

export function RecordingsTable({
  data,
  page,
  onPage,
  onWatch,
}: {
  data: RecordingsPage;
  page: number;
  onPage: (page: number) => void;
  onWatch: (r: SessionRecordingRecord) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="recordings-table">
        <caption className="sr-only">Session recordings, newest first</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-500">
          <tr>
            <th className="px-3 py-2">Started</th>
            <th className="px-3 py-2">Page</th>
            <th className="px-3 py-2">Duration</th>
            <th className="px-3 py-2">Device</th>
            <th className="px-3 py-2">Country</th>
            <th className="px-3 py-2">Clicks</th>
            <th className="px-3 py-2">Errors</th>
            <th className="px-3 py-2">Converted</th>
            <th className="px-3 py-2">Frustration</th>
            <th className="px-3 py-2">
              <span className="sr-only">Replay</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((r) => (
            <tr key={r.id} className="border-t border-slate-100" data-testid="recording-row">
              <td className="px-3 py-2 whitespace-nowrap">{new Date(r.started_at).toLocaleString('en-US')}</td>
              <td className="px-3 py-2" title={(r.pages ?? []).join('\n')}>
                <span data-testid="recording-page">{pathOf(r.page_url)}</span>
                {r.pages_count > 1 && <span className="ml-1 text-xs text-slate-500">+{r.pages_count - 1} more</span>}
              </td>
              <td className="px-3 py-2" data-testid="recording-duration">
                {formatDuration(r.duration_seconds)}
              </td>
              <td className="px-3 py-2 capitalize">
                {r.device_type || '—'}
                {r.browser && <span className="text-xs text-slate-500"> · {r.browser}</span>}
              </td>
              <td className="px-3 py-2">{r.country || '—'}</td>
              <td className="px-3 py-2">
                {r.clicks}
                {r.rage_clicks > 0 && <span className="ml-1 rounded bg-red-50 px-1 text-xs text-red-700">{r.rage_clicks} rage</span>}
                {r.dead_clicks > 0 && <span className="ml-1 rounded bg-amber-50 px-1 text-xs text-amber-800">{r.dead_clicks} dead</span>}
              </td>
              <td className="px-3 py-2">{r.errors}</td>
              <td className="px-3 py-2">{r.converted ? 'Yes' : 'No'}</td>
              <td className="px-3 py-2" data-testid="recording-frustration">
                <FrustrationCell r={r} />
              </td>
              <td className="px-3 py-2 text-right">
                <Button variant="outline" onClick={() => onWatch(r)}>
                  <Play className="h-4 w-4" aria-hidden />
                  Watch Replay
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {(page > 1 || data.hasMore) && (
        <nav className="flex items-center justify-between border-t border-slate-100 px-3 py-2 text-sm" aria-label="Recordings pages">
          <Button variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span>Page {page}</span>
          <Button variant="ghost" disabled={!data.hasMore} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

/** The session's score and its signals' counts (error clicks, quick backs, excessive scrolling). */
function FrustrationCell({ r }: { r: SessionRecordingRecord }) {
  if (!r.frustration_score) return <span className="text-slate-400">—</span>;
  const parts = [
    [r.error_clicks, 'error clicks'],
    [r.quick_backs, 'quick backs'],
    [r.excessive_scrolls, 'excessive scrolls'],
  ] as const;
  return (
    <span title={parts.map(([n, l]) => `${n ?? 0} ${l}`).join(', ')}>
      <span className="rounded bg-red-50 px-1 text-xs font-medium text-red-700">{r.frustration_score}</span>
      {parts
        .filter(([n]) => n > 0)
        .map(([n, l]) => (
          <span key={l} className="ml-1 text-xs text-slate-600">
            {n} {l}
          </span>
        ))}
    </span>
  );
}
