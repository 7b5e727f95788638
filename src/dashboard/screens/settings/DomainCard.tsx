/**
 * One domain of 'Your Domains': status, the TXT record that proves control of the domain, then the
 * assigned nameservers, each with copy, and DNS verification. The nameservers are shown only once
 * the site proved control (the install serves nothing of a domain before) and only when the
 * install's own nameservers answer; otherwise the card points to the tracking script.
 */
import { isSiteConnected } from '../../../lib/site-connection';
import { useStore } from '@nanostores/react';
import { RefreshCw } from 'lucide-react';
import { notify } from '../../../ui/toast';
import { Button } from '../../../ui/Button';
import { CopyButton } from '../../../ui/CopyButton';
import { $dnsConnectAvailable } from '../../data/nameservers';
import type { SiteRecord } from '../../data/records';
import { Link } from '../../../ui/dashboard/Link';
import { OwnershipRecord } from '../../../ui/dashboard/OwnershipRecord';
import { useDnsCheck } from '../../../ui/dashboard/useDnsCheck';
import { DomainStatusBadge } from './DomainStatusBadge';
import { RemoveDomainButton } from './RemoveDomainButton';

export function DomainCard({ site, manager, owner }: { site: SiteRecord; manager: boolean; owner: boolean }) {
  const {
    busy,
    detail,
    check: verify,
  } = useDnsCheck(site.id, (res) => {
    if (res.verified) notify('DNS Verified!', 'Your domain is now active', 'success');
    else if (!res.owned) notify('Ownership Not Verified', 'Please check the TXT record', 'destructive');
    else if (!site.ownership_verified) notify('Ownership Verified', 'Now point your domain to the nameservers below', 'success');
    else notify('DNS Not Verified', 'Please check your nameserver configuration', 'destructive');
  });
  const verified = isSiteConnected(site);
  const dnsAvailable = useStore($dnsConnectAvailable);

  return (
    <article className="rounded-lg border border-slate-200 p-4" data-testid={`domain-${site.domain}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="font-semibold">{site.domain}</h3>
          {site.industry_category && <p className="text-xs text-slate-500">{site.industry_category}</p>}
        </div>
        <div className="flex items-center gap-2">
          <DomainStatusBadge site={site} />
          {owner && <RemoveDomainButton site={site} />}
        </div>
      </div>
      {!verified && dnsAvailable === false && (
        <p className="mt-3 text-sm text-slate-700" data-testid="connect-by-script">
          Connect this site with the tracking script on{' '}
          <Link href="/dashboard/tracking-setup" className="font-medium text-indigo-700 underline">
            Speed &amp; Tracking
          </Link>
          .
        </p>
      )}
      {!verified && dnsAvailable && (
        <div className="mt-3 space-y-2">
          {site.ownership_verified ? (
            <p className="text-sm text-slate-700">Point your domain to these nameservers at your registrar:</p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                First prove that you control {site.verification_zone || site.domain}: add this TXT record where its DNS is hosted today, and
                keep its current nameservers until it is verified.
              </p>
              <OwnershipRecord site={site} />
            </>
          )}
          {site.ownership_verified &&
            [site.nameserver_1, site.nameserver_2].map((ns, i) => (
              <div key={i} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2">
                <span className="text-xs text-slate-500">Nameserver {i + 1}</span>
                <code className="min-w-0 flex-1 truncate text-sm" data-testid={`nameserver-${i + 1}`}>
                  {ns}
                </code>
                <CopyButton value={ns} />
              </div>
            ))}
          <p className="text-xs text-slate-500">DNS changes usually take 5-60 minutes to take effect.</p>
          {detail && (
            <p className="text-sm text-amber-700" role="status">
              {detail}
            </p>
          )}
          {manager && (
            <Button variant="outline" onClick={() => void verify()} disabled={busy}>
              <RefreshCw className={busy ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
              Verify DNS
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
