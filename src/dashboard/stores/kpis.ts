/**
 * `$kpis`: the current site's headline figures, or null until real data exists for it.
 * `loadKpis(siteId)` asks the analytics endpoint; the tracker issue implements that endpoint.
 * Until it answers, the header strip shows the spec's fallbacks and the overview its empty states.
 */
import { atom } from 'nanostores';
import { pb } from '../../client/pb';

export interface Kpis {
  /** Conversion rate in percent. */
  cvr: number;
  /** Change of the conversion rate against its baseline, in percent. */
  change: number;
  visitors: number;
  sessionsToday: number;
  activeOptimizations: number;
  microConversions: number;
  revenueImpact: number;
}

/** The compact strip's fallbacks when no real figures exist (dashboard spec section 9). */
export const KPI_FALLBACKS = { cvr: 3.24, change: 18.2, visitors: 8429, optimizations: 8, microConversions: 4 } as const;

export const $kpis = atom<Kpis | null>(null);
export const $kpisUpdatedAt = atom<Date | null>(null);

let loadingFor: string | null = null;

export async function loadKpis(siteId: string | null): Promise<void> {
  if (!siteId) {
    $kpis.set(null);
    return;
  }
  loadingFor = siteId;
  try {
    const data = await pb.send<Partial<Kpis> | null>(`/api/cro/analytics/kpis`, { query: { site: siteId }, requestKey: null });
    if (loadingFor !== siteId) return;
    $kpis.set(data && typeof data.cvr === 'number' ? (data as Kpis) : null);
    $kpisUpdatedAt.set(new Date());
  } catch (err) {
    // KPI load errors are only logged (spec section 8); the strip falls back.
    if (loadingFor === siteId) $kpis.set(null);
    console.warn('KPI load failed', err);
  }
}
