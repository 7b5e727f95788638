/**
 * The Session Recordings tab: the current site's recordings, newest first, 50 per page, with
 * filters; 'Export' downloads the filtered list as CSV; 'Watch Replay' opens the player. A link
 * from another screen opens a recording at once: ?recording=<recording id> (Funnels) or
 * ?session=<analytics session id> (Analytics); the Overview's most frustrated pages link with
 * filters (?page=<path>&frustrated=1, src/lib/recordings/filters.ts filtersFromQuery).
 */
import { useStore } from '@nanostores/react';
import { Download, Filter, Video } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { filtersFromQuery } from '../../../lib/recordings/filters';
import { recordingsCsv } from '../../../lib/recordings/format';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import {
  $recordingFilters,
  $recordingsPage,
  fetchAllRecordings,
  fetchRecording,
  fetchRecordingOfSession,
  recordingsState,
  setRecordingFilters,
  type RecordingsPage,
} from '../../data/recordings';
import type { SessionRecordingRecord } from '../../data/records';
import { useSiteContext } from '../../data/siteContext';
import { download } from './download';
import { RecordingFiltersPanel } from './RecordingFiltersPanel';
import { RecordingsTable } from './RecordingsTable';
import { ReplayDialog } from './ReplayDialog';

export function SessionRecordingsTab() {
  const { site } = useSiteContext();
  const state = useStore(recordingsState);
  const filters = useStore($recordingFilters);
  const page = useStore($recordingsPage);
  const [showFilters, setShowFilters] = useState(false);
  const [watching, setWatching] = useState<SessionRecordingRecord | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (state.error) notify('Error loading recordings', 'Could not load session recordings', 'destructive');
  }, [state.error]);

  // A link from another screen names the recording, or the session, to play: once, not again
  // when the user switches site afterwards.
  const siteId = site?.id;
  const linkOpened = useRef(false);
  useEffect(() => {
    if (linkOpened.current || !siteId) return;
    linkOpened.current = true;
    const query = new URLSearchParams(location.search);
    const linked = filtersFromQuery(query);
    if (linked) setRecordingFilters(linked);
    const id = query.get('recording');
    const session = query.get('session');
    const wanted = id ? fetchRecording(id) : session ? fetchRecordingOfSession(siteId, session) : null;
    wanted?.then(setWatching, () => notify('Error loading recordings', 'Could not load session recordings', 'destructive'));
  }, [siteId]);

  if (!site) return null;
  const data = state.value;

  async function exportCsv() {
    if (!site) return;
    setExporting(true);
    try {
      const all = await fetchAllRecordings(site.id, filters);
      download(
        `recordings-${site.domain}-${new Date().toISOString().slice(0, 10)}.csv`,
        recordingsCsv(all.items),
        'text/csv;charset=utf-8',
      );
    } catch (err) {
      notify('Export failed', errorMessage(err, 'Could not export the recordings'), 'destructive');
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" data-testid="recordings-count">
          {data ? recordingsCount(data) : ''}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" aria-expanded={showFilters} onClick={() => setShowFilters((v) => !v)}>
            <Filter className="h-4 w-4" aria-hidden />
            Filters
          </Button>
          <Button
            variant="outline"
            disabled={exporting || !data || (data.page === 1 && data.items.length === 0)}
            onClick={() => void exportCsv()}
          >
            <Download className="h-4 w-4" aria-hidden />
            Export
          </Button>
        </div>
      </div>
      {showFilters && <RecordingFiltersPanel value={filters} onApply={setRecordingFilters} />}
      {data === undefined && !state.error ? (
        <Spinner />
      ) : state.error && !data ? (
        <EmptyState icon={Video} title="Error loading recordings">
          Could not load session recordings
        </EmptyState>
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon={Video} title="No Recordings Yet">
          Recordings appear once the tracking script runs on your site and visitors are recorded (Settings, Recordings).
        </EmptyState>
      ) : (
        <RecordingsTable data={data} page={page} onPage={(p) => $recordingsPage.set(p)} onWatch={setWatching} />
      )}
      {watching && <ReplayDialog recording={watching} onClose={() => setWatching(null)} />}
    </div>
  );
}

/** "N recordings" once the last page is reached, "N+ recordings" while more follow (no total is counted). */
function recordingsCount({ page, perPage, items, hasMore }: RecordingsPage): string {
  const n = (page - 1) * perPage + items.length;
  return `${n.toLocaleString('en-US')}${hasMore ? '+' : ''} recording${n === 1 && !hasMore ? '' : 's'}`;
}
