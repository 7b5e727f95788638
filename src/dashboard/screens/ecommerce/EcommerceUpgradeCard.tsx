/** Other plans: what the Ecommerce screen needs, and where to upgrade. */
import { Lock } from 'lucide-react';
import { upgradeMessage } from '../../../lib/plans';
import { Card } from '../../../ui/Card';

export function EcommerceUpgradeCard() {
  return (
    <Card testId="ecommerce-upgrade" className="mx-auto max-w-xl text-center">
      <Lock className="mx-auto mb-2 h-8 w-8 text-indigo-600" aria-hidden="true" />
      <p className="text-sm text-slate-600">{upgradeMessage('ecommerce')}</p>
      <a href="/pricing" className="mt-4 inline-flex rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700">
        Upgrade
      </a>
    </Card>
  );
}
