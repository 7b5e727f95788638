/**
 * The pages with the most frustrated sessions (a session with any frustration signal, computed in
 * the background by pocketbase/frustration) over the last days: GET /api/cro/frustration/{site}/pages.
 */
import { pb } from '../../client/pb';

export interface FrustratedPages {
  days: number;
  frustratedSessions: number;
  pages: { path: string; sessions: number }[];
}

export const fetchFrustratedPages = (siteId: string, days = 7) =>
  pb.send<FrustratedPages>(`/api/cro/frustration/${encodeURIComponent(siteId)}/pages?days=${days}`, { requestKey: null });
