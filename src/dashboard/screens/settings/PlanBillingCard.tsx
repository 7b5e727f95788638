/**
 * Account Settings: the selected site's plan and, for its owner on a paid plan, the way to
 * Stripe's customer portal (invoices, card, plan changes, cancellation).
 */
import { normalizeTier, isPaid } from '../../../lib/plans';
import { planName } from '../../../lib/plan-catalogue';
import BillingPortalButton from '../../../ui/BillingPortalButton';
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import { useSiteContext } from '../../data/siteContext';

export function PlanBillingCard() {
  const { site, user } = useSiteContext();
  if (!site || !user) return null;
  const tier = normalizeTier(site.plan_tier);
  const status = String(site.subscription_status ?? '');
  const isOwner = site.user_id === user.id;
  return (
    <Card title="Plan & Billing" className="mb-6" testId="plan-billing">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          <span className="font-medium">{site.domain}</span> is on the <strong data-testid="settings-plan">{planName(tier)}</strong> plan
          {status && (
            <Badge tone={status === 'past_due' ? 'warning' : 'secondary'} className="ml-2">
              {status.replace(/_/g, ' ')}
            </Badge>
          )}
        </p>
        {!isOwner ? (
          <p className="text-sm text-slate-600">Billing is managed by the site owner.</p>
        ) : isPaid(tier) ? (
          <BillingPortalButton returnPath="/dashboard/settings" />
        ) : (
          <a className="btn btn-primary" href="/pricing">
            Upgrade
          </a>
        )}
      </div>
    </Card>
  );
}
