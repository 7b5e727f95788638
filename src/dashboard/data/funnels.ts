/**
 * The current site's funnels with their figures for the chosen range and breakdown (computed by
 * the server from raw events: GET /api/cro/funnels/{id}/results), and the funnels' actions.
 */
import { atom, computed } from 'nanostores';
import { pb } from '../../client/pb';
import type { Finding } from '../../lib/audit/types';
import { lastCalendarDays, type FunnelBreakdown, type FunnelStepCounts, type FunnelStepDef } from '../../lib/funnels';
import { createLiveStore } from './liveStore';
import { fieldIs } from './collectionStore';
import type { FunnelRecord } from './records';
import { $currentSite, $currentSiteId } from './sites';

export interface DayRange {
  from: string;
  to: string;
}

export interface FunnelFigures {
  steps: FunnelStepCounts[];
  medianTotalSeconds: number;
  breakdown: { value: string; users: number[] }[];
}

export interface FunnelResults {
  funnelId: string;
  range: DayRange;
  previousRange: DayRange;
  windowDays: number;
  order: string;
  breakdownBy: FunnelBreakdown | '';
  current: FunnelFigures;
  previous: FunnelFigures;
}

export interface FunnelDropOff {
  step: number;
  visitors: number;
  nextPages: { path: string; visitors: number }[];
  recordings: { id: string; session_id: string; page_url: string }[];
}

/** How many days the screen shows; the range is those days of the current site's calendar. */
export const $funnelDays = atom(30);
export const $funnelRange = computed([$funnelDays, $currentSite], (days, site) => lastCalendarDays(days, site?.time_zone || 'UTC'));
export const $funnelBreakdown = atom<FunnelBreakdown | ''>('');

const query = (r: DayRange, breakdown: string) => new URLSearchParams({ from: r.from, to: r.to, ...(breakdown ? { breakdown } : {}) });

export const fetchFunnelResults = (id: string, r: DayRange, breakdown: string) =>
  pb.send<FunnelResults>(`/api/cro/funnels/${encodeURIComponent(id)}/results?${query(r, breakdown)}`, { requestKey: null });

/** Where the visitors who reached `step` (1-based) and not the next one went, and their recordings. */
export const fetchFunnelDropOff = (id: string, step: number, r: DayRange) =>
  pb.send<FunnelDropOff>(`/api/cro/funnels/${encodeURIComponent(id)}/dropoff?${query(r, '')}&step=${step}`, { requestKey: null });

/** The findings of the site's latest scan (empty before any). */
export const fetchLatestScanFindings = (funnelId: string) =>
  pb.send<{ findings: Finding[]; scannedAt: string }>(`/api/cro/funnels/${encodeURIComponent(funnelId)}/scan-findings`, {
    requestKey: null,
  });

interface Key {
  siteId: string;
  range: DayRange;
  breakdown: string;
}

const $key = computed([$currentSiteId, $funnelRange, $funnelBreakdown], (siteId, range, breakdown) =>
  siteId ? { siteId, range, breakdown } : null,
);

export interface FunnelWithResults {
  funnel: FunnelRecord;
  results: FunnelResults;
}

const funnelsState = createLiveStore<FunnelWithResults[], Key>({
  name: 'funnels',
  key: $key,
  empty: [],
  realtime: [{ collection: 'funnels', filter: (k) => fieldIs('site_id', k.siteId) }],
  load: async (k) => {
    const funnels = await pb
      .collection('funnels')
      .getFullList<FunnelRecord>({ filter: fieldIs('site_id', k.siteId), sort: '-created_at', requestKey: null });
    return Promise.all(funnels.map(async (funnel) => ({ funnel, results: await fetchFunnelResults(funnel.id, k.range, k.breakdown) })));
  },
});

/** The site's funnels, newest first, with their figures; `undefined` while loading. */
export const $funnels = computed(funnelsState, (s) => s.value);
/** The last load's failure, or null. */
export const $funnelsError = computed(funnelsState, (s) => s.error);
export const refetchFunnels = () => funnelsState.refetch();

export interface NewFunnel {
  name: string;
  description: string;
  steps: FunnelStepDef[];
  window_days: number;
  step_order: string;
}

export const createFunnel = (siteId: string, body: NewFunnel) =>
  pb.collection('funnels').create<FunnelRecord>({ site_id: siteId, ...body }, { requestKey: null });

export const updateFunnel = (id: string, body: NewFunnel) => pb.collection('funnels').update<FunnelRecord>(id, body, { requestKey: null });

export const deleteFunnel = (id: string) => pb.collection('funnels').delete(id, { requestKey: null });
