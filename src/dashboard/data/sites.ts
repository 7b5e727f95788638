/**
 * The signed-in user's sites (owned or joined), followed by realtime, and the site the dashboard
 * shows: the first one unless the user picked another.
 */
import { atom, computed } from 'nanostores';
import { pb } from '../../client/pb';
import { createCollectionStore } from './collectionStore';
import { errorMessage } from './errors';
import { browserTimeZone, type AnySiteSettings } from '../../lib/site-settings';
import type { SiteRecord } from './records';
import { $userId } from './session';

const sitesState = createCollectionStore<SiteRecord>({ collection: 'sites', key: $userId, sort: '-created_at' });

/** The user's sites, newest first; `undefined` while they load the first time, `[]` if that failed. */
export const $sites = computed(sitesState, (s) => s.value ?? (s.error ? [] : undefined));

/** The message of the last failed sites load, or null. */
export const $sitesError = computed(sitesState, (s) => (s.error ? errorMessage(s.error, 'Unknown error') : null));

/** Loads the sites again now (after a change the realtime event may not have brought yet). */
export const refetchSites = () => sitesState.refetch();

const STORAGE_KEY = 'cro.currentSiteId';
const $picked = atom<string | null>(typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null);

/** The site the dashboard shows, or null when the user has none. */
export const $currentSite = computed([$sites, $picked], (sites, picked) => {
  if (!sites || sites.length === 0) return null;
  return sites.find((s) => s.id === picked) ?? sites[0] ?? null;
});

/** The current site's id, or null: the key of every per-site store. */
export const $currentSiteId = computed($currentSite, (site) => site?.id ?? null);

export function selectSite(id: string): void {
  $picked.set(id);
  try {
    localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** Whether the user may change the site's settings and team (owner or admin member). */
export function canManage(site: SiteRecord | null, userId: string | undefined): boolean {
  return !!site && !!userId && (site.manager_ids ?? []).includes(userId);
}

/** Whether the user may change the site's optimizations and integrations (owner, admin, editor). */
export function canEdit(site: SiteRecord | null, userId: string | undefined): boolean {
  return !!site && !!userId && (site.editor_ids ?? []).includes(userId);
}

/** A new site counts its days in the owner's own time zone until they change it in Settings. */
export const createSite = (userId: string, domain: string, industry: string) =>
  pb
    .collection('sites')
    .create<SiteRecord>({ user_id: userId, domain, industry_category: industry, time_zone: browserTimeZone() }, { requestKey: null });

export const deleteSite = (siteId: string) => pb.collection('sites').delete(siteId);

/** Saves the site's settings (Settings -> Optimization); the server checks them and audits every change. */
export const saveSiteSettings = (siteId: string, settings: AnySiteSettings) =>
  pb.collection('sites').update<SiteRecord>(siteId, settings, { requestKey: null });

export interface DnsVerdict {
  verified: boolean;
  message: string;
  /** The site proved control of its domain (a TXT record): the first step of connecting by DNS. */
  owned: boolean;
}

/** The tracking script's check: visits from the site's domain arrived; the site becomes Active. */
export const verifyTracking = (siteId: string) =>
  pb.send<{ verified: boolean; message: string }>('/api/cro/verify-tracking', { method: 'POST', body: { siteId }, requestKey: null });

export const verifyDns = (siteId: string) =>
  pb.send<DnsVerdict>('/api/cro/verify-dns', { method: 'POST', body: { siteId }, requestKey: null });
