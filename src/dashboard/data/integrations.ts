/** The current site's integration records (no credentials: the server never returns them) and their changes. */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import { createCollectionStore, fieldIs } from './collectionStore';
import type { IntegrationDeliveryRecord, IntegrationRecord } from './records';
import { $currentSiteId } from './sites';

const integrationsState = createCollectionStore<IntegrationRecord>({
  collection: 'integrations',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
});

/** The current site's integrations; `undefined` while loading, `[]` when the load failed. */
export const $integrations = computed(integrationsState, (s) => s.value ?? (s.error ? [] : undefined));

/** Whether the last load of the integrations failed. */
export const $integrationsFailed = computed(integrationsState, (s) => s.error !== null);

export const refetchIntegrations = () => integrationsState.refetch();

const deliveriesState = createCollectionStore<IntegrationDeliveryRecord>({
  collection: 'integration_deliveries',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: '-created_at,-id',
  limit: 500,
});

/** The site's delivery log, newest first, by integration id (the server keeps 50 per integration). */
export const $deliveriesByIntegration = computed(deliveriesState, (s) => {
  const map = new Map<string, IntegrationDeliveryRecord[]>();
  for (const d of s.value ?? []) map.set(d.integration_id, [...(map.get(d.integration_id) ?? []), d]);
  return map;
});

export const refetchDeliveries = () => deliveriesState.refetch();

/** What 'Test connection' answered. */
export interface ConnectionTest {
  ok: boolean;
  inbound?: boolean;
  http_status?: number;
  latency_ms?: number;
  error?: string;
  message?: string;
}

/** Sends a test event to the integration now (the server logs it like any delivery). */
export const testIntegration = (id: string) =>
  pb.send<ConnectionTest>(`/api/cro/integrations/${encodeURIComponent(id)}/test`, { method: 'POST', requestKey: null });

/** The linked Google Analytics property of a connected integration, or null. */
export function propertyIdOf(records: IntegrationRecord[] | undefined): string | null {
  const ga = records?.find((r) => r.integration_type === 'google_analytics' && r.status === 'connected');
  const id = ga?.settings?.property_id;
  return typeof id === 'string' && id ? id : null;
}

export const connectIntegration = (siteId: string, type: string, values: Record<string, string>) =>
  pb.send<{ id: string; status: string; settings: Record<string, unknown> }>('/api/cro/integrations/connect', {
    method: 'POST',
    body: { siteId, type, values },
    requestKey: null,
  });

/**
 * Links a Google Analytics property through the connect route (the only writer of an integration's
 * type, status, settings and credentials), which keeps a saved Measurement Protocol secret.
 */
export async function linkGoogleAnalytics(siteId: string, propertyId: string): Promise<void> {
  await connectIntegration(siteId, 'google_analytics', { property_id: propertyId });
}

export const deleteIntegration = (id: string) => pb.collection('integrations').delete(id, { requestKey: null });
