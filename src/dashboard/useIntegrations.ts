/** The current site's integration records (no credentials: the server never returns them). */
import type { RecordModel } from 'pocketbase';
import { useCallback, useEffect, useState } from 'react';
import { pb } from '../client/pb';

export interface IntegrationRecord extends RecordModel {
  site_id: string;
  integration_type: string;
  name: string;
  status: 'connected' | 'error' | 'pending' | 'not_connected' | '';
  enabled: boolean;
  settings: Record<string, unknown> | null;
  error_message: string;
}

export function useIntegrations(siteId: string | null) {
  const [records, setRecords] = useState<IntegrationRecord[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    if (!siteId) {
      setRecords([]);
      return;
    }
    try {
      const list = await pb
        .collection('integrations')
        .getFullList<IntegrationRecord>({ filter: pb.filter('site_id = {:site}', { site: siteId }), requestKey: null });
      setRecords(list);
      setFailed(false);
    } catch (err) {
      console.error('Integrations load failed', err);
      setRecords([]);
      setFailed(true);
    }
  }, [siteId]);
  useEffect(() => {
    void reload();
    if (!siteId) return;
    let unsub: (() => Promise<void>) | null = null;
    let cancelled = false;
    pb.collection('integrations')
      .subscribe('*', (e) => {
        if ((e.record as IntegrationRecord).site_id === siteId) void reload();
      })
      .then((u) => (cancelled ? void u() : (unsub = u)))
      .catch((err) => console.warn('Realtime for integrations failed', err));
    return () => {
      cancelled = true;
      void unsub?.();
    };
  }, [siteId, reload]);
  return { records, failed, reload };
}

export function propertyIdOf(records: IntegrationRecord[] | undefined): string | null {
  const ga = records?.find((r) => r.integration_type === 'google_analytics' && r.status === 'connected');
  const id = ga?.settings?.property_id;
  return typeof id === 'string' && id ? id : null;
}
