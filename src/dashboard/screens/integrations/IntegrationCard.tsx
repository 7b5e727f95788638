/**
 * One integration: logo, name, category, what it really does here, status, Connect / Configure /
 * Test connection / Disconnect, the delivery log; an integration that cannot work on this install
 * says why and offers the generic webhook instead.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { inboundWebhookPath, type IntegrationDefinition } from '../../../lib/integrations';
import { notify } from '../../../ui/toast';
import { $brand, brandText } from '../../data/brand';
import { errorMessage } from '../../data/errors';
import { Button } from '../../../ui/Button';
import { CopyButton } from '../../../ui/CopyButton';
import { deleteIntegration } from '../../data/integrations';
import type { IntegrationDeliveryRecord, IntegrationRecord } from '../../data/records';
import { DeliveryLog } from './DeliveryLog';
import { IntegrationLogo } from './IntegrationLogo';
import { IntegrationStatus } from './IntegrationStatus';
import { useConnectionTest } from './useConnectionTest';

export function IntegrationCard({
  definition,
  record,
  deliveries,
  canEdit,
  onConnect,
  onUseWebhook,
  onChanged,
}: {
  definition: IntegrationDefinition;
  record: IntegrationRecord | null;
  deliveries: IntegrationDeliveryRecord[];
  canEdit: boolean;
  onConnect: () => void;
  onUseWebhook: () => void;
  onChanged: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const brand = useStore($brand);
  const { testing, runTest } = useConnectionTest(definition, onChanged);
  const unavailable = definition.mode === 'unavailable';
  // Done by the tracker in the visitor's browser: nothing is delivered from the server to log or test.
  const delivers = !unavailable && definition.mode !== 'browser';
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
  const webhookUrl = record && definition.mode === 'inbound' ? `${window.location.origin}${inboundWebhookPath(record.id)}` : null;
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
      <p className="text-sm text-slate-600">{definition.description}</p>
      <p className="flex-1 text-xs text-slate-500" data-testid="integration-note">
        {brandText(definition.note, brand)}
      </p>
      {record?.status === 'error' && record.error_message && <p className="text-xs text-red-700">{record.error_message}</p>}
      {record?.last_synced_at && (
        <p className="text-xs text-slate-500">
          {definition.mode === 'inbound' ? 'Last order received' : 'Last delivery'}: {new Date(record.last_synced_at).toLocaleString()}
        </p>
      )}
      {webhookUrl && (
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded bg-slate-50 px-2 py-1 text-xs" title={webhookUrl}>
            {webhookUrl}
          </code>
          <CopyButton value={webhookUrl} label="Copy URL" />
        </div>
      )}
      {record && delivers && <DeliveryLog entries={deliveries} />}
      <div className="flex flex-wrap items-center gap-2">
        <IntegrationStatus status={record?.status} />
        {canEdit && (
          <span className="ml-auto flex flex-wrap justify-end gap-2">
            {record && (
              <Button variant="ghost" onClick={() => void disconnect()} disabled={busy}>
                Disconnect
              </Button>
            )}
            {record && delivers && (
              <Button variant="outline" onClick={() => void runTest(record.id)} disabled={testing}>
                {testing ? 'Testing...' : 'Test connection'}
              </Button>
            )}
            {unavailable ? (
              <Button variant="outline" onClick={onUseWebhook}>
                Use a webhook instead
              </Button>
            ) : (
              <Button variant={record ? 'outline' : 'primary'} onClick={onConnect}>
                {record ? 'Configure' : 'Connect'}
              </Button>
            )}
          </span>
        )}
      </div>
    </article>
  );
}
