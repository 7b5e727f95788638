/** A site's status: 'Pending DNS' (step 1 of 2), 'Active', or any other status as an outline. */
import { isSiteConnected } from '../../../lib/site-connection';
import { Badge } from '../../../ui/Badge';
import type { SiteRecord } from '../../data/records';

export function DomainStatusBadge({ site }: { site: SiteRecord }) {
  if (isSiteConnected(site)) return <Badge tone="success">Active</Badge>;
  if (!site.status || site.status === 'pending') {
    return (
      <span className="flex items-center gap-2">
        <Badge tone="warning">Pending DNS</Badge>
        <span className="text-xs text-slate-500">Step 1 of 2</span>
      </span>
    );
  }
  return <Badge tone="outline">{site.status}</Badge>;
}
