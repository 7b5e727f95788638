// The fixture website the scan e2e tests scan: tests/fixtures/scan pages on a loopback port,
// allowed for the server's guarded fetcher (CRO_SCAN_ALLOW_HOSTS) and reachable as
// shop-fixture.test for dashboard sites (CRO_SCAN_RESOLVE). Production never sets either.
import { startFixtureSite } from '../../helpers/scan-fixture-site';
import type { StandIn } from './types';

export async function scanSiteStandIn(): Promise<StandIn> {
  const site = await startFixtureSite();
  return {
    env: {
      CRO_SCAN_ALLOW_HOSTS: site.hostPort,
      CRO_SCAN_RESOLVE: `shop-fixture.test=${site.hostPort}`,
      CRO_SCAN_RATE_LIMIT: '200',
      SCAN_FIXTURE_ORIGIN: site.origin,
    },
    stop: site.stop,
  };
}
