// The tracker's fixture shop (tests/fixtures/site) on its own loopback origin, with the snippet
// pointing at the e2e server; that origin is allowed to post events for any site
// (CRO_COLLECT_ALLOWED_ORIGINS), and live figures refresh every 500 ms. The guarded fetcher may
// fetch it as heatmap-shop.test (heatmaps render the page they are drawn over from the site).
import { E2E_PORT } from '../../../playwright.config';
import { startTrackerFixtureSite } from '../../helpers/tracker-fixture-site';
import type { StandIn } from './types';

/** The domain heatmap tests give the fixture shop's site. */
export const HEATMAP_SHOP = 'heatmap-shop.test';

export async function trackerSiteStandIn(): Promise<StandIn> {
  const site = await startTrackerFixtureSite(`http://127.0.0.1:${E2E_PORT}`);
  return {
    env: {
      CRO_COLLECT_ALLOWED_ORIGINS: site.origin,
      CRO_LIVE_INTERVAL_MS: '500',
      TRACKER_FIXTURE_ORIGIN: site.origin,
      CRO_SCAN_ALLOW_HOSTS: site.hostPort,
      CRO_SCAN_RESOLVE: `${HEATMAP_SHOP}=${site.hostPort}`,
    },
    stop: site.stop,
  };
}
