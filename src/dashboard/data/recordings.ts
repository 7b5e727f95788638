/**
 * The current site's session recordings: one page (50) of the filtered list, refreshed by realtime
 * on session_recordings (GET /api/cro/sites/{site}/recordings: membership checked once, no total
 * count, `hasMore` says whether a next page exists), today's count for the overview, and a recording's events for the player
 * (GET /api/cro/recordings/{id}/events).
 */
import { atom, computed } from 'nanostores';
import { pb } from '../../client/pb';
import { NO_FILTERS, recordingFilter, recordingQuery, recordingSort, type RecordingFilters } from '../../lib/recordings/filters';
import { createLiveStore } from './liveStore';
import { fieldIs } from './collectionStore';
import type { SessionRecordingRecord } from './records';
import { startOfTodayIn } from '../../lib/recordings/today';
import { $currentSite, $currentSiteId } from './sites';

export const $recordingFilters = atom<RecordingFilters>(NO_FILTERS);
export const $recordingsPage = atom(1);

export interface RecordingsPage {
  items: SessionRecordingRecord[];
  page: number;
  perPage: number;
  hasMore: boolean;
}

const $query = computed([$currentSiteId, $recordingFilters, $recordingsPage], (siteId, filters, page) =>
  siteId ? { siteId, filters, page } : null,
);

const filterOf = (siteId: string, f: RecordingFilters) => {
  const { expr, params } = recordingFilter(siteId, f);
  return pb.filter(expr, params);
};

export const recordingsState = createLiveStore<RecordingsPage, { siteId: string; filters: RecordingFilters; page: number }>({
  name: 'session_recordings',
  key: $query,
  debounceMs: 500,
  realtime: [{ collection: 'session_recordings', filter: (q) => fieldIs('site_id', q.siteId) }],
  load: ({ siteId, filters, page }) =>
    pb.send<RecordingsPage>(`/api/cro/sites/${encodeURIComponent(siteId)}/recordings`, {
      query: recordingQuery(filters, page),
      requestKey: null,
    }),
});

export function setRecordingFilters(f: RecordingFilters): void {
  $recordingFilters.set(f);
  $recordingsPage.set(1);
}

/** Every recording matching the filters (newest first, at most 5,000), for the CSV export. */
export const fetchAllRecordings = (siteId: string, f: RecordingFilters) =>
  pb.collection('session_recordings').getList<SessionRecordingRecord>(1, 5000, {
    filter: filterOf(siteId, f),
    sort: recordingSort(f.sort),
    skipTotal: true,
    requestKey: null,
  });

/** A recording's rrweb events in time order. */
export const fetchRecordingEvents = (id: string) =>
  pb.send<{ type: number; timestamp: number }[]>(`/api/cro/recordings/${encodeURIComponent(id)}/events`, { requestKey: null });

/** One recording (a link from another screen opens it). */
export const fetchRecording = (id: string) => pb.collection('session_recordings').getOne<SessionRecordingRecord>(id, { requestKey: null });

/** The recording of one analytics session of the site (a link from Analytics names the session). */
export const fetchRecordingOfSession = (siteId: string, sessionId: string) =>
  pb
    .collection('session_recordings')
    .getFirstListItem<SessionRecordingRecord>(`${fieldIs('site_id', siteId)} && ${fieldIs('session_id', sessionId)}`, { requestKey: null });

/** Recordings started today on the site's clock, live: the overview's figure. */
const $todayKey = computed($currentSite, (site) => (site ? { siteId: site.id, zone: site.time_zone ?? '' } : null));

export const recordingsTodayState = createLiveStore<number, { siteId: string; zone: string }>({
  name: 'recordings_today',
  key: $todayKey,
  debounceMs: 500,
  realtime: [{ collection: 'session_recordings', filter: ({ siteId }) => fieldIs('site_id', siteId) }],
  load: async ({ siteId, zone }) => {
    const start = startOfTodayIn(zone).toISOString().replace('T', ' ');
    const list = await pb.collection('session_recordings').getList(1, 1, {
      filter: pb.filter('site_id = {:site} && started_at >= {:start}', { site: siteId, start }),
      fields: 'id',
      requestKey: null,
    });
    return list.totalItems;
  },
});
