/**
 * `$sites`: the sites the signed-in user is a member of (newest first), kept fresh by realtime.
 * `$currentSiteId`: the site the dashboard shows; the first site unless the user picked another.
 * `$currentSite`: that site's record, or null when the user has none.
 */
import { atom, computed } from 'nanostores';
import type { RecordModel } from 'pocketbase';
import { pb } from '../../client/pb';

export interface SiteRecord extends RecordModel {
  user_id: string;
  domain: string;
  industry_category: string;
  status: string;
  dns_verified: boolean;
  nameserver_1: string;
  nameserver_2: string;
  current_cvr: number;
  baseline_cvr: number;
  monthly_visitors: number;
  total_revenue_impact: number;
  plan_tier: string;
  subscription_status: string;
  public_key: string;
  manager_ids: string[];
  editor_ids: string[];
  created_at: string;
}

/** undefined while loading the first time. */
export const $sites = atom<SiteRecord[] | undefined>(undefined);
export const $sitesError = atom<string | null>(null);
const STORAGE_KEY = 'cro.currentSiteId';
const $picked = atom<string | null>(typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null);

export const $currentSite = computed([$sites, $picked], (sites, picked) => {
  if (!sites || sites.length === 0) return null;
  return sites.find((s) => s.id === picked) ?? sites[0] ?? null;
});
export const $currentSiteId = computed($currentSite, (site) => site?.id ?? null);

export function selectSite(id: string): void {
  $picked.set(id);
  try {
    localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

export async function loadSites(): Promise<void> {
  try {
    const list = await pb.collection('sites').getFullList<SiteRecord>({ sort: '-created_at', requestKey: null });
    $sites.set(list);
    $sitesError.set(null);
  } catch (err) {
    console.error('Failed to load sites', err);
    $sitesError.set((err as Error).message);
    if ($sites.get() === undefined) $sites.set([]);
  }
}

let unsubscribe: (() => Promise<void>) | null = null;

/** Loads the sites and follows their changes until `stopSites`. */
export async function startSites(): Promise<void> {
  await loadSites();
  if (unsubscribe) return;
  try {
    unsubscribe = await pb.collection('sites').subscribe('*', () => void loadSites());
  } catch (err) {
    console.error('Realtime for sites failed', err);
  }
}

export function stopSites(): void {
  void unsubscribe?.();
  unsubscribe = null;
  $sites.set(undefined);
}

/** Whether the user may change the site's settings and team (owner or admin member). */
export function canManage(site: SiteRecord | null, userId: string | undefined): boolean {
  return !!site && !!userId && (site.manager_ids ?? []).includes(userId);
}

/** Whether the user may change the site's optimizations and integrations (owner, admin, editor). */
export function canEdit(site: SiteRecord | null, userId: string | undefined): boolean {
  return !!site && !!userId && (site.editor_ids ?? []).includes(userId);
}
