/**
 * The current site's DNS records (Settings -> DNS Records): its zone on the install's nameservers,
 * imported from the domain's previous nameservers when the site was added and kept by its editors.
 */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import type { DnsRecordInput } from '../../lib/dns-records';
import { createCollectionStore, fieldIs } from './collectionStore';
import type { DnsRecordRecord } from './records';
import { $currentSiteId } from './sites';

const state = createCollectionStore<DnsRecordRecord>({
  collection: 'dns_records',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: 'name,type,value',
});

/** The current site's records by name and type; `undefined` while loading, `[]` if the load failed. */
export const $dnsRecords = computed(state, (s) => s.value ?? (s.error ? [] : undefined));
export const $dnsRecordsError = computed(state, (s) => s.error);

export const createDnsRecord = (siteId: string, record: DnsRecordInput) =>
  pb.collection('dns_records').create<DnsRecordRecord>({ site_id: siteId, ...record }, { requestKey: null });
export const updateDnsRecord = (id: string, record: DnsRecordInput) =>
  pb.collection('dns_records').update<DnsRecordRecord>(id, record, { requestKey: null });
export const deleteDnsRecord = (id: string) => pb.collection('dns_records').delete(id, { requestKey: null });

/** Asks the domain's current nameservers again and adds the records the site does not have. */
export const importDnsRecords = (siteId: string) =>
  pb.send<{ imported: number }>('/api/cro/dns-records/import', { method: 'POST', body: { siteId }, requestKey: null });

/** Sets where the edge fetches the site's pages ('' = from the zone's A/AAAA records). */
export const saveEdgeOrigin = (siteId: string, origin: string) =>
  pb.collection('sites').update(siteId, { edge_origin: origin.trim() }, { requestKey: null });
