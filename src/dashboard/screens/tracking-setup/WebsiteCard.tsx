/** 'Your Website': the domain, Connected/Active or Ready to Connect/Pending, 'Check if Connected'. */
import { CheckCircle2, RefreshCw } from 'lucide-react';
import { notify } from '../../../ui/toast';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import type { SiteRecord } from '../../data/records';
import { useDnsCheck } from '../../../ui/dashboard/useDnsCheck';
import { isSiteConnected } from '../../../lib/site-connection';
import { useTrackingCheck } from './useTrackingCheck';

/**
 * `by`: how the site connects on this install: 'dns' where the install's nameservers answer (the
 * DNS check), else 'script' (the tracking check: visits from the domain have arrived).
 */
export function WebsiteCard({ site, canVerify, by }: { site: SiteRecord; canVerify: boolean; by: 'dns' | 'script' }) {
  const dns = useDnsCheck(site.id, (res) => {
    if (res.verified) notify('Success!', res.message, 'success');
    else if (res.owned && !site.ownership_verified) notify('Ownership Verified', res.message, 'success');
    else notify('Verification Failed', res.message, 'destructive');
  });
  const script = useTrackingCheck(site.id);
  const { busy, detail, check } = by === 'dns' ? dns : script;
  const verified = isSiteConnected(site);

  return (
    <Card title="Your Website" testId="your-website">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-lg font-semibold">{site.domain}</p>
          <p className="flex items-center gap-2 text-sm">
            {verified ? (
              <>
                <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden />
                <span>Connected</span>
                <Badge tone="success">Active</Badge>
              </>
            ) : (
              <>
                <span>Ready to Connect</span>
                <Badge tone="warning">Pending</Badge>
              </>
            )}
          </p>
        </div>
        {canVerify && (
          <Button onClick={() => void check()} disabled={busy}>
            <RefreshCw className={busy ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
            {busy ? 'Checking...' : 'Check if Connected'}
          </Button>
        )}
      </div>
      {detail && (
        <p className="mt-3 text-sm text-amber-700" role="status">
          {detail}
        </p>
      )}
    </Card>
  );
}
