/**
 * The current site's headline figures from GET /api/cro/kpis/{site} (rollups only), refreshed every
 * 30 seconds, on each live push and when the site record changes.
 */
import { computed, onMount } from 'nanostores';
import { pb } from '../../client/pb';
import { $kpisUpdatedAt, $live } from './live';
import { createLiveStore } from './liveStore';
import { $currentSite, $currentSiteId, $sites } from './sites';
import type { RevenueImpact } from '../../lib/revenue-impact';

export { $kpisUpdatedAt };

export interface Kpis {
  /** Conversion rate of the last 7 days, in percent. */
  cvr: number;
  /** Change of the conversion rate against the week before, in percent: (current - previous) / previous x 100. */
  change: number;
  /** Visitors of the last 30 days. */
  visitors: number;
  sessionsToday: number;
  activeOptimizations: number;
  /** Completions of micro goals in the last 7 days. */
  microConversions: number;
  /** Measured incremental revenue of shipped winners and rules with a holdout, in dollars. */
  revenueImpact: number;
  /** How it was measured (the card's tooltip). */
  revenueImpactDetail: RevenueImpact;
  /** 'vs last week' changes in percent (0 when last week had nothing). */
  changes: { revenue: number; revenueImpact: number; activeOptimizations: number; sessionsToday: number; visitors: number };
  /** Last 7 days, for the AI Analysis stat cards. */
  week: { sessions: number; avgDuration: number; bounceRate: number; avgScroll: number };
}

/** What the server answers (the parts the dashboard reads). */
interface KpiResponse {
  hasData: boolean;
  activeOptimizations: number;
  microConversions: number;
  revenueImpact: RevenueImpact;
  week: { conversionRate: number; revenue: number; sessions: number; avgDuration: number; bounceRate: number; avgScroll: number };
  today: { sessions: number };
  month: { visitors: number };
  changes: {
    conversionRate: number;
    revenue: number;
    revenueImpact: number;
    activeOptimizations: number;
    sessionsToday: number;
    visitors: number;
  };
}

/** The compact strip's fallbacks when the figures could not be loaded (never shown as data). */
export const KPI_FALLBACKS = { cvr: 3.24, change: 18.2, visitors: 8429, optimizations: 8, microConversions: 4 } as const;

const REFRESH_MS = 30 * 1000;

export function toKpis(r: KpiResponse): Kpis | null {
  if (!r || !r.hasData) return null;
  return {
    cvr: r.week.conversionRate,
    change: r.changes.conversionRate,
    visitors: r.month.visitors,
    sessionsToday: r.today.sessions,
    activeOptimizations: r.activeOptimizations,
    microConversions: r.microConversions,
    revenueImpact: r.revenueImpact.total,
    revenueImpactDetail: r.revenueImpact,
    changes: {
      revenue: r.changes.revenue,
      revenueImpact: r.changes.revenueImpact,
      activeOptimizations: r.changes.activeOptimizations,
      sessionsToday: r.changes.sessionsToday,
      visitors: r.changes.visitors,
    },
    week: { sessions: r.week.sessions, avgDuration: r.week.avgDuration, bounceRate: r.week.bounceRate, avgScroll: r.week.avgScroll },
  };
}

const kpisState = createLiveStore<Kpis | null, string>({
  name: 'kpis',
  key: $currentSiteId,
  empty: null,
  load: async (siteId) => {
    const kpis = toKpis(await pb.send<KpiResponse>(`/api/cro/kpis/${encodeURIComponent(siteId)}`, { requestKey: null }));
    $kpisUpdatedAt.set(new Date());
    return kpis;
  },
});

/** The current site's KPIs, or null until the site has recorded traffic (or when the load failed). */
export const $kpis = computed(kpisState, (s) => (s.error ? null : (s.value ?? null)));

/**
 * What the figures are: 'loading' before the first answer, 'empty' when the site has recorded no
 * traffic yet (zeros or '—' are shown, never samples), 'ready', or 'error' when the load failed
 * (only then the header strip shows its fixed fallbacks, labelled as unavailable).
 */
export type KpiStatus = 'loading' | 'empty' | 'ready' | 'error';
export const $kpiStatus = computed([kpisState, $sites], (s, sites): KpiStatus => {
  if (s.error) return 'error';
  if (s.value === undefined || sites === undefined) return 'loading';
  return s.value ? 'ready' : 'empty';
});

/** Loads the KPIs again now. */
export const refetchKpis = () => kpisState.refetch();

onMount(kpisState, () => {
  const timer = setInterval(() => void kpisState.refetch(), REFRESH_MS);
  const stopLive = $live.listen(() => void kpisState.refetch());
  // A realtime change of the site (its `updated_at`) refetches at once.
  const $siteVersion = computed($currentSite, (site) => site?.updated_at ?? null);
  const stopSite = $siteVersion.listen(() => void kpisState.refetch());
  return () => {
    clearInterval(timer);
    stopLive();
    stopSite();
  };
});
