/** Integrations (/dashboard/integrations): the 30 integrations with their stored status. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { INTEGRATIONS, type IntegrationDefinition } from '../../../lib/integrations';
import { notify } from '../../../ui/toast';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { $deliveriesByIntegration, $integrations, $integrationsFailed, refetchIntegrations } from '../../data/integrations';
import { useSiteContext } from '../../data/siteContext';
import { ConnectDialog } from './ConnectDialog';
import { IntegrationCard } from './IntegrationCard';

const WEBHOOK = INTEGRATIONS.find((i) => i.type === 'webhook')!;

export default function IntegrationsScreen() {
  const { site, loading, canEdit } = useSiteContext();
  const records = useStore($integrations);
  const failed = useStore($integrationsFailed);
  const deliveries = useStore($deliveriesByIntegration);
  const [open, setOpen] = useState<IntegrationDefinition | null>(null);
  useEffect(() => {
    if (failed) notify('Error loading integrations', 'Could not load integration status', 'destructive');
  }, [failed]);
  const byType = new Map((records ?? []).map((r) => [r.integration_type, r]));
  return (
    <div>
      <ScreenHeader title="Integrations" subtitle={`Connect ${INTEGRATIONS.length} tools to your optimization workflow`} />
      {loading ? (
        <Spinner />
      ) : !site ? (
        <div className="mb-6">
          <NoSite />
        </div>
      ) : null}
      {/* Bottom room so the last row can scroll above the fixed LIVE KPI card. */}
      <div className="grid grid-cols-1 gap-4 pb-48 sm:grid-cols-2 xl:grid-cols-3" data-testid="integrations-grid">
        {INTEGRATIONS.map((d) => (
          <IntegrationCard
            key={d.type}
            definition={d}
            record={byType.get(d.type) ?? null}
            deliveries={deliveries.get(byType.get(d.type)?.id ?? '') ?? []}
            canEdit={!!site && canEdit}
            onConnect={() => setOpen(d)}
            onUseWebhook={() => setOpen(WEBHOOK)}
            onChanged={refetchIntegrations}
          />
        ))}
      </div>
      {open && site && (
        <ConnectDialog
          definition={open}
          siteId={site.id}
          record={byType.get(open.type) ?? null}
          onClose={() => setOpen(null)}
          onSaved={async () => {
            setOpen(null);
            await refetchIntegrations();
          }}
        />
      )}
    </div>
  );
}
