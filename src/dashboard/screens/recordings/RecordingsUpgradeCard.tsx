/** The Free plan: what recordings and heatmaps need, and where to upgrade; Starter: what Growth adds. */
import { Lock } from 'lucide-react';
import { upgradeMessage } from '../../../lib/plans';
import { Card } from '../../../ui/Card';

export function RecordingsUpgradeCard() {
  return (
    <Card testId="recordings-upgrade" className="mx-auto max-w-xl text-center">
      <Lock className="mx-auto mb-2 h-8 w-8 text-indigo-600" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-slate-900">Session recordings and heatmaps are available on the paid plans</h2>
      <p className="mt-2 text-sm text-slate-600">
        Starter shows click maps of the last 30 days; Growth and Enterprise add session recordings, scroll maps and 90 days.
      </p>
      <p className="mt-2 text-sm text-slate-600">{upgradeMessage('click_maps')}</p>
      <p className="mt-2 text-sm text-slate-600">Start a 7-day free trial: cancel anytime, no card needed for the trial.</p>
      <a href="/pricing" className="mt-4 inline-flex rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700">
        Upgrade
      </a>
    </Card>
  );
}

/** Starter's basic heatmaps: said once above the tabs, with the way to the rest. */
export function BasicHeatmapsNote() {
  return (
    <p className="mb-4 rounded-md bg-indigo-50 p-3 text-sm text-indigo-900" data-testid="basic-heatmaps-note">
      Your Starter plan shows click maps of the last 30 days. Session recordings and scroll maps come with the Growth plan.{' '}
      <a href="/pricing" className="font-medium underline">
        Upgrade
      </a>
    </p>
  );
}
