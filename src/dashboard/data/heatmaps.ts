/**
 * Heatmaps of the current site, computed by the server from raw click and leave events
 * (pocketbase/heatmaps): the page picker, a page's click map and scroll map per device class, and
 * the address of the page's rendering. The chosen page and device are shared by the Heatmaps and
 * Click Maps tabs.
 */
import { atom } from 'nanostores';
import { pb } from '../../client/pb';
import type { ClickBin, DeviceClass } from '../../lib/heatmap';

export interface HeatmapPage {
  path: string;
  pageviews: number;
}

export interface ElementClicks {
  selector: string;
  text: string;
  clicks: number;
  share: number;
  rageClicks: number;
  deadClicks: number;
}

export interface ClickMap {
  clicks: number;
  elements: ElementClicks[];
  bins: ClickBin[];
}

export interface ScrollMap {
  pageViews: number;
  bands: { depth: number; pageViews: number; share: number }[];
}

/** The page (path) and device class both tabs show; '' until the picker has pages. */
export const $heatmapPage = atom('');
export const $heatmapDevice = atom<DeviceClass>('desktop');

const base = (siteId: string) => `/api/cro/heatmaps/${encodeURIComponent(siteId)}`;
const params = (path: string, device: DeviceClass) => new URLSearchParams({ path, device }).toString();

export const fetchHeatmapPages = async (siteId: string) =>
  (await pb.send<{ pages: HeatmapPage[] }>(`${base(siteId)}/pages`, { requestKey: null })).pages;

export const fetchClickMap = (siteId: string, path: string, device: DeviceClass) =>
  pb.send<ClickMap>(`${base(siteId)}/clicks?${params(path, device)}`, { requestKey: null });

export const fetchScrollMap = (siteId: string, path: string, device: DeviceClass) =>
  pb.send<ScrollMap>(`${base(siteId)}/scroll?${params(path, device)}`, { requestKey: null });

/**
 * Where the page's rendering is loaded from: today the page as the site serves it (fetched by the
 * server, scripts removed), at an address signed for a few minutes. A recording's DOM snapshot of
 * the page can take its place behind this one function.
 */
export const fetchPageRendering = async (siteId: string, path: string) =>
  (await pb.send<{ url: string }>(`${base(siteId)}/render?${new URLSearchParams({ path })}`, { requestKey: null })).url;

/**
 * Whether the rendering at `url` loads; the reason when it does not (the site is down, refuses
 * the server, or is not reachable from it). Asked before the iframe shows it, so that a failure is
 * the screen's own error state, never the server's raw answer inside the frame. The server keeps the
 * page for a few minutes, so the iframe's request that follows is served from its cache.
 */
export async function pageRenderingProblem(url: string): Promise<string | null> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (res.ok) return null;
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : `The server answered ${res.status}.`;
  return message.replace(/^Could not load the page from your site: /, '');
}
