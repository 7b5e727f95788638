/** Browser calls of the website scan: the public scan and the dashboard's site scan. */
import { ClientResponseError } from 'pocketbase';
import type { ScanResponse, SiteScanResponse } from '../lib/audit/present';
import { pb } from './pb';

export const SCAN_FAILED_DEFAULT = 'Could not complete website scan. Please try again.';

/** The server's message for a failed call, or the default. */
export function scanErrorMessage(err: unknown, fallback = SCAN_FAILED_DEFAULT): string {
  if (err instanceof ClientResponseError) {
    const message = (err.response as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message && err.status !== 0) return message;
  }
  return fallback;
}

export function runPublicScan(url: string): Promise<ScanResponse> {
  return pb.send<ScanResponse>('/api/cro/scan', { method: 'POST', body: { url }, requestKey: null });
}

export function runSiteScan(siteId: string): Promise<SiteScanResponse> {
  return pb.send<SiteScanResponse>('/api/cro/site-scan', { method: 'POST', body: { siteId }, requestKey: null });
}
