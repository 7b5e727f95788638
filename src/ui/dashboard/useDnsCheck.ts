/** Asks the server to check a site's DNS now; keeps the reason it failed until the next check. */
import { useState } from 'react';
import { refetchSites, verifyDns, type DnsVerdict } from '../../dashboard/data/sites';
import { notify } from '../toast';

export function useDnsCheck(siteId: string, announce: (verdict: DnsVerdict) => void) {
  const [busy, setBusy] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);
  const check = async () => {
    setBusy(true);
    try {
      const res = await verifyDns(siteId);
      setDetail(res.verified ? null : res.message);
      announce(res);
      await refetchSites();
    } catch (err) {
      console.error(err);
      notify('Error', 'Failed to verify DNS', 'destructive');
    } finally {
      setBusy(false);
    }
  };
  return { busy, detail, check };
}
