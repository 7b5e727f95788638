/**
 * 'Manage Billing': opens Stripe's customer portal (invoices, card, plan changes, cancel) for a
 * paying user. Used on /pricing and in the dashboard's Account Settings:
 * `<BillingPortalButton returnPath="/dashboard/settings" />`.
 */
import { useState } from 'react';
import { CreditCard, Loader2 } from 'lucide-react';
import { openBillingPortal } from '../client/billing';
import { notify } from './toast';
import { apiErrorMessage } from '../lib/api-error';

export default function BillingPortalButton({ returnPath, className = 'btn btn-secondary' }: { returnPath?: string; className?: string }) {
  const [opening, setOpening] = useState(false);

  async function open() {
    setOpening(true);
    try {
      await openBillingPortal(returnPath);
    } catch (err) {
      notify('Could not open billing', apiErrorMessage(err), 'destructive');
      setOpening(false);
    }
  }

  return (
    <button type="button" className={className} onClick={open} disabled={opening}>
      {opening ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <CreditCard className="size-4" aria-hidden="true" />}
      Manage Billing
    </button>
  );
}
