/** Free and starter plans: what recordings need, and where to upgrade. */
import { Lock } from 'lucide-react';
import { upgradeMessage } from '../../../lib/plans';
import { Card } from '../../../ui/Card';

export function RecordingsUpgradeCard() {
  return (
    <Card testId="recordings-upgrade" className="mx-auto max-w-xl text-center">
      <Lock className="mx-auto mb-2 h-8 w-8 text-indigo-600" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-slate-900">
        Session recordings and heatmaps are available on the Growth and Enterprise plans
      </h2>
      <p className="mt-2 text-sm text-slate-600">{upgradeMessage('recordings')}</p>
      <p className="mt-2 text-sm text-slate-600">Start a 7-day free trial: cancel anytime, no card needed for the trial.</p>
      <a href="/pricing" className="mt-4 inline-flex rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700">
        Upgrade
      </a>
    </Card>
  );
}
