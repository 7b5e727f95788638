/**
 * One page of the site's sessions in the Analytics range, recorded or not, newest first:
 * GET /api/cro/analytics/{site}/sessions (the event store's sessions, each marked `recorded` when
 * Session Recordings holds its replay).
 */
import { pb } from '../../client/pb';

export interface AnalyticsSession {
  sessionId: string;
  startedAt: string;
  durationSeconds: number;
  pageViews: number;
  entryPage: string;
  exitPage: string;
  device: string;
  browser: string;
  country: string;
  source: string;
  converted: boolean;
  recorded: boolean;
}

export interface AnalyticsSessionsPage {
  items: AnalyticsSession[];
  page: number;
  perPage: number;
  hasMore: boolean;
}

export const fetchAnalyticsSessions = (siteId: string, days: number, page: number) =>
  pb.send<AnalyticsSessionsPage>(`/api/cro/analytics/${encodeURIComponent(siteId)}/sessions`, {
    query: { days, page },
    requestKey: null,
  });
