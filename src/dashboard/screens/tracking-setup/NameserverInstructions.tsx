/**
 * How to connect by DNS while the site is unverified: the site's two assigned nameservers, with
 * what moving a domain's DNS costs when its other records are not copied first.
 */
import { Card } from '../../../ui/Card';
import { CopyButton } from '../../../ui/CopyButton';
import type { SiteRecord } from '../../data/records';

export function NameserverInstructions({ site }: { site: SiteRecord }) {
  return (
    <Card title="Connect your domain" testId="nameserver-instructions">
      <p className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900" role="note">
        Changing nameservers moves all of {site.domain}'s DNS here. Email (MX records), verification (TXT), subdomains and every other
        record stop working unless they exist here before you switch. If you are not sure, connect with the tracking script below instead.
      </p>
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
    </Card>
  );
}
