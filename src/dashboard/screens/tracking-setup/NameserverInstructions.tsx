/**
 * How to connect by DNS while the site is unverified: first the TXT record that proves the owner
 * controls the domain (the install serves nothing of a domain before), then the site's two
 * assigned nameservers, with what moving a domain's DNS costs when its other records are not
 * copied first.
 */
import { Card } from '../../../ui/Card';
import { CopyButton } from '../../../ui/CopyButton';
import { OwnershipRecord } from '../../../ui/dashboard/OwnershipRecord';
import type { SiteRecord } from '../../data/records';

export function NameserverInstructions({ site }: { site: SiteRecord }) {
  const zone = site.verification_zone || site.domain;
  return (
    <Card title="Connect your domain" testId="nameserver-instructions">
      <p className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900" role="note">
        Changing nameservers moves all of {site.domain}'s DNS here. Email (MX records), verification (TXT), subdomains and every other
        record stop working unless they exist here before you switch. If you are not sure, connect with the tracking script below instead.
      </p>
      {site.ownership_verified ? (
        <>
          <p className="mb-2 text-sm text-emerald-700">You proved that you control {zone}.</p>
          <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
            <li>Sign in where you registered {site.domain} (your domain registrar or DNS provider).</li>
            <li>Replace the domain's nameservers with these two:</li>
          </ol>
          <div className="my-3 space-y-2">
            {[site.nameserver_1, site.nameserver_2].map((ns, i) => (
              <div key={i} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2">
                <code className="min-w-0 flex-1 truncate text-sm">{ns}</code>
                <CopyButton value={ns} />
              </div>
            ))}
          </div>
          <p className="text-sm text-slate-600">Save, wait about 10 minutes (it can take up to 48 hours), then press Check if Connected.</p>
        </>
      ) : (
        <>
          <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
            <li>Sign in where {zone}'s DNS is hosted today (your domain registrar or DNS provider).</li>
            <li>Add this TXT record, which proves that you control {zone}:</li>
          </ol>
          <div className="my-3">
            <OwnershipRecord site={site} />
          </div>
          <p className="text-sm text-slate-600">
            Keep the domain's current nameservers for now. Save, wait about 10 minutes, then press Check if Connected: once the record is
            found, you get the two nameservers to switch to.
          </p>
        </>
      )}
    </Card>
  );
}
