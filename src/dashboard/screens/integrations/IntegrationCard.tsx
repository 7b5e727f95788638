/** One integration: logo, name, category, status, Connect / Configure / Disconnect. */
import { useState } from 'react';
import type { IntegrationDefinition } from '../../../lib/integrations';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { Button } from '../../../ui/Button';
import { deleteIntegration } from '../../data/integrations';
import type { IntegrationRecord } from '../../data/records';
import { IntegrationLogo } from './IntegrationLogo';
import { IntegrationStatus } from './IntegrationStatus';

export function IntegrationCard({
  definition,
  record,
  canEdit,
  onConnect,
  onChanged,
}: {
  definition: IntegrationDefinition;
  record: IntegrationRecord | null;
  canEdit: boolean;
  onConnect: () => void;
  onChanged: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const disconnect = async () => {
    if (!record) return;
    setBusy(true);
    try {
      await deleteIntegration(record.id);
      notify('Disconnected', `${definition.name} has been disconnected`, 'success');
      await onChanged();
    } catch (err) {
      notify('Error', errorMessage(err, `Could not disconnect ${definition.name}`), 'destructive');
    } finally {
      setBusy(false);
    }
  };
  return (
    <article
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid={`integration-${definition.type}`}
    >
      <div className="flex items-start gap-3">
        <IntegrationLogo type={definition.type} name={definition.name} />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{definition.name}</h2>
          <p className="text-xs text-slate-500">{definition.category}</p>
        </div>
      </div>
      <p className="flex-1 text-sm text-slate-600">{definition.description}</p>
      {record?.status === 'error' && record.error_message && <p className="text-xs text-red-700">{record.error_message}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <IntegrationStatus status={record?.status} />
        {canEdit && (
          <span className="ml-auto flex gap-2">
            {record && (
              <Button variant="ghost" onClick={() => void disconnect()} disabled={busy}>
                Disconnect
              </Button>
            )}
            <Button variant={record ? 'outline' : 'primary'} onClick={onConnect}>
              {record ? 'Configure' : 'Connect'}
            </Button>
          </span>
        )}
      </div>
    </article>
  );
}
