/** 'Test connection': asks the server to send a test event now and reports the answer in a toast. */
import { useState } from 'react';
import type { IntegrationDefinition } from '../../../lib/integrations';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { refetchDeliveries, testIntegration } from '../../data/integrations';

export function useConnectionTest(definition: IntegrationDefinition, onChanged: () => Promise<void>) {
  const [testing, setTesting] = useState(false);
  const runTest = async (id: string): Promise<boolean> => {
    setTesting(true);
    try {
      const res = await testIntegration(id);
      if (res.inbound) notify(res.ok ? 'Receiving orders' : 'Waiting for the first order', res.message, res.ok ? 'success' : 'default');
      else if (res.ok) notify('Connected!', `${definition.name} answered in ${res.latency_ms ?? 0} ms`, 'success');
      else notify('Connection Failed', res.error || `Could not reach ${definition.name}`, 'destructive');
      return res.ok;
    } catch (err) {
      notify('Connection Failed', errorMessage(err, `Could not connect ${definition.name}. Please try again.`), 'destructive');
      return false;
    } finally {
      setTesting(false);
      await Promise.all([onChanged(), refetchDeliveries()]);
    }
  };
  return { testing, runTest };
}
