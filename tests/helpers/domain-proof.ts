/**
 * Proves that a test site controls its domain, as its owner would: the site's verification token
 * published as a TXT record at the domain's current DNS host (the test DNS server), then
 * POST /api/cro/verify-dns. Until then the install serves nothing of the domain's zone and the edge
 * routes none of its hosts (pocketbase/dnsverify/ownership.go).
 */
import type PocketBase from 'pocketbase';
import { ownershipRecordName } from '../../src/lib/domain-ownership';
import type { FixtureRecord } from './dns-server';

/** Where the domain's current records are published: the test DNS server, or the e2e stand-in's control. */
interface DnsHost {
  setRecords(zone: string, records: FixtureRecord[]): void | Promise<void>;
}

export async function proveDomain(dns: DnsHost, client: PocketBase, siteId: string): Promise<void> {
  const site = await client.collection('sites').getOne<{ verification_zone: string; verification_token: string }>(siteId);
  const name = ownershipRecordName(site.verification_zone);
  await dns.setRecords(name, [{ name, type: 'TXT', value: site.verification_token }]);
  const res = await client.send<{ owned: boolean; message: string }>('/api/cro/verify-dns', {
    method: 'POST',
    body: { siteId },
    requestKey: null,
  });
  if (!res.owned) throw new Error(`the site did not prove control of ${site.verification_zone}: ${res.message}`);
}
