/**
 * The TXT record that proves a site controls its domain, each part with a copy button; under
 * white label by the record's neutral name, which names no product.
 */
import { useStore } from '@nanostores/react';
import { $brand } from '../../dashboard/data/brand';
import { CopyButton } from '../CopyButton';
import { ownershipRecordName } from '../../lib/domain-ownership';
import type { SiteRecord } from '../../dashboard/data/records';

export function OwnershipRecord({ site }: { site: SiteRecord }) {
  const whiteLabel = !!useStore($brand);
  const rows = [
    { label: 'Type', value: 'TXT', testId: 'ownership-type', copy: false },
    { label: 'Name', value: ownershipRecordName(site.verification_zone || site.domain, whiteLabel), testId: 'ownership-name', copy: true },
    { label: 'Value', value: site.verification_token, testId: 'ownership-value', copy: true },
  ];
  return (
    <div className="space-y-2" data-testid="ownership-record">
      {rows.map((r) => (
        <div key={r.label} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2">
          <span className="w-12 shrink-0 text-xs text-slate-500">{r.label}</span>
          <code className="min-w-0 flex-1 truncate text-sm" data-testid={r.testId}>
            {r.value}
          </code>
          {r.copy && <CopyButton value={r.value} />}
        </div>
      ))}
    </div>
  );
}
