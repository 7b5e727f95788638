/**
 * 'Check if Connected' for a site connected by the tracking script: asks the server whether visits
 * from the domain arrived, says so in the spec's "DNS Verified!" style, and keeps the reason it
 * failed until the next check.
 */
import { useState } from 'react';
import { notify } from '../../../ui/toast';
import { refetchSites, verifyTracking } from '../../data/sites';
import { errorMessage } from '../../data/errors';

export function useTrackingCheck(siteId: string) {
  const [busy, setBusy] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);
  const check = async () => {
    setBusy(true);
    try {
      const res = await verifyTracking(siteId);
      setDetail(res.verified ? null : res.message);
      if (res.verified) notify('Tracking Verified!', res.message, 'success');
      else notify('Tracking Not Verified', 'No visits have arrived from your site yet', 'destructive');
      await refetchSites();
    } catch (err) {
      notify('Error', errorMessage(err, 'Failed to check the tracking script'), 'destructive');
    } finally {
      setBusy(false);
    }
  };
  return { busy, detail, check };
}
