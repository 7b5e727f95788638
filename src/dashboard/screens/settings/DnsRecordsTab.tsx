/**
 * The DNS Records tab: the site's zone as the install's nameservers serve it once the domain is
 * delegated. Records read from the domain's previous nameservers are marked for review; editors
 * add, edit and delete records, viewers read them. The domain itself and www answer the edge.
 */
import { useStore } from '@nanostores/react';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { notify } from '../../../ui/toast';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { DNS_DEFAULT_TTL, type DnsRecordInput } from '../../../lib/dns-records';
import { $dnsRecords, $dnsRecordsError, createDnsRecord, deleteDnsRecord, importDnsRecords, updateDnsRecord } from '../../data/dnsRecords';
import { errorMessage } from '../../data/errors';
import type { DnsRecordRecord } from '../../data/records';
import { useSiteContext } from '../../data/siteContext';
import { DnsRecordDialog } from './DnsRecordDialog';
import { EdgeCacheCard } from './EdgeCacheCard';
import { EdgeOriginForm } from './EdgeOriginForm';

const NEW_RECORD: DnsRecordInput = { name: '@', type: 'A', value: '', ttl: DNS_DEFAULT_TTL, priority: 10 };

export function DnsRecordsTab() {
  const { site, canEdit, canManage } = useSiteContext();
  const records = useStore($dnsRecords);
  const loadError = useStore($dnsRecordsError);
  const [editing, setEditing] = useState<DnsRecordRecord | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  if (!site) return <NoSite />;

  const reimport = async () => {
    setImporting(true);
    try {
      const { imported } = await importDnsRecords(site.id);
      notify('DNS records imported', imported === 1 ? '1 new record found.' : `${imported} new records found.`);
    } catch (err) {
      notify('Could not import DNS records', errorMessage(err, 'Please try again.'), 'destructive');
    } finally {
      setImporting(false);
    }
  };
  const remove = async (r: DnsRecordRecord) => {
    try {
      await deleteDnsRecord(r.id);
    } catch (err) {
      notify('Could not delete the record', errorMessage(err, 'Please try again.'), 'destructive');
    }
  };

  return (
    <Card
      title="DNS Records"
      testId="dns-records"
      // Room below the last row, so the live KPI panel in the corner never covers its actions.
      className="mb-24"
      action={
        canEdit && (
          <div className="flex gap-2">
            <Button variant="outline" disabled={importing} onClick={() => void reimport()}>
              {importing ? 'Importing...' : 'Import Again'}
            </Button>
            <Button onClick={() => setEditing('new')}>Add Record</Button>
          </div>
        )
      }
    >
      <p className="mb-3 text-sm text-slate-600">
        Once {site.domain} uses our nameservers, they answer with these records. We copied them from your current nameservers when you added
        the site: review them before you switch, and add anything missing (mail, verification TXT records, subdomains), or it stops working.
        Your domain and www point at our edge; their A, AAAA and CNAME records below are where the edge fetches your site.
        {!canEdit && ' Only editors, admins and the owner can change them.'}
      </p>
      <EdgeOriginForm key={site.id} site={site} canManage={canManage} />
      <EdgeCacheCard siteId={site.id} canManage={canManage} />
      {records === undefined ? (
        <p className="text-sm text-slate-500">Loading DNS records...</p>
      ) : records.length === 0 ? (
        <EmptyState icon={Globe} title={loadError ? 'Could not load DNS records' : 'No DNS records yet'}>
          {loadError ? 'Please reload the page.' : 'Add the records your domain needs, or import them from its current nameservers.'}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="DNS records">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2 pr-3 font-medium">Name</th>
                <th className="py-2 pr-3 font-medium">Type</th>
                <th className="py-2 pr-3 font-medium">Value</th>
                <th className="py-2 pr-3 font-medium">TTL</th>
                {canEdit && (
                  <th className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {records.map((r) => (
                <tr key={r.id} data-testid="dns-record-row">
                  <td className="py-2 pr-3 font-mono">{r.name}</td>
                  <td className="py-2 pr-3">{r.type}</td>
                  <td className="max-w-xs break-all py-2 pr-3 font-mono text-xs">
                    {r.type === 'MX' && `${r.priority} `}
                    {r.value} {r.source === 'imported' && <Badge tone="secondary">Imported</Badge>}
                  </td>
                  <td className="py-2 pr-3">{r.ttl}</td>
                  {canEdit && (
                    <td className="whitespace-nowrap py-2 text-right">
                      <Button variant="outline" onClick={() => setEditing(r)} aria-label={`Edit ${r.type} record ${r.name} ${r.value}`}>
                        Edit
                      </Button>{' '}
                      <Button variant="ghost" onClick={() => void remove(r)} aria-label={`Delete ${r.type} record ${r.name} ${r.value}`}>
                        Delete
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <DnsRecordDialog
          title={editing === 'new' ? 'Add DNS Record' : 'Edit DNS Record'}
          initial={editing === 'new' ? NEW_RECORD : editing}
          onClose={() => setEditing(null)}
          onSave={(record) => (editing === 'new' ? createDnsRecord(site.id, record) : updateDnsRecord(editing.id, record))}
        />
      )}
    </Card>
  );
}
