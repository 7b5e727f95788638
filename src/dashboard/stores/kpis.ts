/**
 * `$kpis`: the current site's headline figures from GET /api/cro/kpis/{site} (rollups only), or
 * null until the site has recorded traffic. `loadKpis(siteId)` refetches them.
 * `$live`: the site's live record (site_live), pushed by realtime within seconds of new traffic;
 * `watchLive(siteId)` subscribes and returns the unsubscribe function.
 */
import { atom } from 'nanostores';
import { pb } from '../../client/pb';

export interface Kpis {
  /** Conversion rate of the last 7 days, in percent. */
  cvr: number;
  /** Change of the conversion rate against the week before, in percent (spec formula). */
  change: number;
  /** Visitors of the last 30 days. */
  visitors: number;
  sessionsToday: number;
  activeOptimizations: number;
  microConversions: number;
  /** Revenue tracked in the last 7 days, in dollars. */
  revenueImpact: number;
  /** 'vs last week' changes in percent (0 when last week had nothing). */
  changes: { revenue: number; sessionsToday: number; visitors: number };
  /** Last 7 days, for the AI Analysis stat cards. */
  week: { sessions: number; avgDuration: number; bounceRate: number; avgScroll: number };
}

/** What the server answers (the parts the dashboard reads). */
interface KpiResponse {
  hasData: boolean;
  activeOptimizations: number;
  microConversions: number;
  week: { conversionRate: number; revenue: number; sessions: number; avgDuration: number; bounceRate: number; avgScroll: number };
  today: { sessions: number };
  month: { visitors: number };
  changes: { conversionRate: number; revenue: number; sessionsToday: number; visitors: number };
}

export interface LiveFigures {
  active_visitors: number;
  sessions_today: number;
  visitors_today: number;
  pageviews_today: number;
  conversions_today: number;
  revenue_today: number;
  cvr_today: number;
  last_event_at: string;
}

/** The compact strip's fallbacks when no real figures exist (dashboard spec section 9). */
export const KPI_FALLBACKS = { cvr: 3.24, change: 18.2, visitors: 8429, optimizations: 8, microConversions: 4 } as const;

export const $kpis = atom<Kpis | null>(null);
export const $kpisUpdatedAt = atom<Date | null>(null);
export const $live = atom<LiveFigures | null>(null);

let loadingFor: string | null = null;

export function toKpis(r: KpiResponse): Kpis | null {
  if (!r || !r.hasData) return null;
  return {
    cvr: r.week.conversionRate,
    change: r.changes.conversionRate,
    visitors: r.month.visitors,
    sessionsToday: r.today.sessions,
    activeOptimizations: r.activeOptimizations,
    microConversions: r.microConversions,
    revenueImpact: r.week.revenue,
    changes: { revenue: r.changes.revenue, sessionsToday: r.changes.sessionsToday, visitors: r.changes.visitors },
    week: { sessions: r.week.sessions, avgDuration: r.week.avgDuration, bounceRate: r.week.bounceRate, avgScroll: r.week.avgScroll },
  };
}

export async function loadKpis(siteId: string | null): Promise<void> {
  if (!siteId) {
    $kpis.set(null);
    return;
  }
  loadingFor = siteId;
  try {
    const data = await pb.send<KpiResponse>(`/api/cro/kpis/${encodeURIComponent(siteId)}`, { requestKey: null });
    if (loadingFor !== siteId) return;
    $kpis.set(toKpis(data));
    $kpisUpdatedAt.set(new Date());
  } catch (err) {
    // KPI load errors are only logged (spec section 8); the strip falls back.
    if (loadingFor === siteId) $kpis.set(null);
    console.warn('KPI load failed', err);
  }
}

/** Subscribes to the site's live record; each push updates `$live` and refetches the KPIs. */
export function watchLive(siteId: string): () => void {
  let active = true;
  let unsubscribe: (() => Promise<void>) | null = null;
  const apply = (record: unknown) => {
    if (!active) return;
    $live.set(record as LiveFigures);
    $kpisUpdatedAt.set(new Date());
    void loadKpis(siteId);
  };
  $live.set(null);
  pb.collection('site_live')
    .getList(1, 1, { filter: pb.filter('site_id = {:id}', { id: siteId }), requestKey: null })
    .then((res) => {
      if (active && res.items[0]) $live.set(res.items[0] as unknown as LiveFigures);
    })
    .catch((err) => console.warn('Live KPI load failed', err));
  pb.collection('site_live')
    .subscribe('*', (e) => apply(e.record), { filter: pb.filter('site_id = {:id}', { id: siteId }) })
    .then((unsub) => {
      if (active) unsubscribe = unsub;
      else void unsub();
    })
    .catch((err) => console.warn('Live KPI subscription failed', err));
  return () => {
    active = false;
    if (unsubscribe) void unsubscribe();
  };
}
