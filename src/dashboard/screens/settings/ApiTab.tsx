/**
 * The API tab: the current site's keys for the public REST API (/api-docs). Owners and admins
 * create them (the secret is shown once), see when each was last used, and revoke them; the server
 * enforces who may, and other roles see why they cannot. The API comes with the Enterprise & Ecom
 * plan: on other plans the form gives way to the upgrade notice, and existing keys can still be revoked.
 */
import { useStore } from '@nanostores/react';
import { can, upgradeMessage } from '../../../lib/plans';
import { Card } from '../../../ui/Card';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { Spinner } from '../../../ui/Spinner';
import { $apiKeys } from '../../data/apiKeys';
import { useSiteContext } from '../../data/siteContext';
import { ApiKeyRow } from './ApiKeyRow';
import { CreateApiKeyForm } from './CreateApiKeyForm';

export function ApiTab() {
  const { site, canManage } = useSiteContext();
  const keys = useStore($apiKeys);
  if (!site) return <NoSite />;
  if (!canManage) {
    return (
      <Card title="API Keys" testId="api-keys">
        <p className="text-sm text-slate-600">Only the site's owner and admins can manage API keys.</p>
      </Card>
    );
  }
  return (
    // Actions sit on the left and the tab ends with room to scroll: the live KPI card floats bottom right.
    <div className="space-y-4 pb-40">
      <Card title="API Keys" testId="api-keys">
        <p className="mb-4 text-sm text-slate-600">
          Keys let your server record conversions and read this site's figures through the{' '}
          <a className="text-indigo-700 underline" href="/api-docs">
            REST API
          </a>
          . Send a key as <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>; keep it on your server,
          never in browser code. Site id for requests: <code className="rounded bg-slate-100 px-1">{site.id}</code>
        </p>
        {can(site.plan_tier, 'api_access') ? (
          <CreateApiKeyForm siteId={site.id} />
        ) : (
          <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="api-plan-required">
            {upgradeMessage('api_access').replace(' Upgrade at /pricing.', ' ')}
            <a href="/pricing" className="font-medium underline">
              Upgrade
            </a>
          </p>
        )}
      </Card>
      <Card title="Keys of this site">
        {keys === undefined ? (
          <Spinner />
        ) : keys.length === 0 ? (
          <p className="text-sm text-slate-600">No API keys yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="API keys">
            {keys.map((k) => (
              <ApiKeyRow key={k.id} apiKey={k} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
