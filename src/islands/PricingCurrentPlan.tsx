/**
 * The pricing page's extra section below the plans, shown only to a signed-in user: their current plan and, for a
 * paid plan, the link to Stripe's customer portal (invoices, card, cancel).
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { fetchCurrentPlan, type CurrentPlan } from '../client/billing';
import { $user, initSession } from '../client/session';
import { planName } from '../lib/plan-catalogue';
import BillingPortalButton from '../ui/BillingPortalButton';
import { isPaid } from '../lib/plans';

export default function PricingCurrentPlan() {
  const user = useStore($user);
  const userId = user?.id ?? null;
  // The plan is kept with the user it belongs to, so another user's plan never shows.
  const [loaded, setLoaded] = useState<{ userId: string; plan: CurrentPlan } | null>(null);
  const plan = loaded && loaded.userId === userId ? loaded.plan : null;

  useEffect(() => initSession(), []);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    fetchCurrentPlan()
      .catch((): CurrentPlan => ({ tier: 'free', status: '' }))
      .then((p) => live && setLoaded({ userId, plan: p }));
    return () => {
      live = false;
    };
  }, [userId]);

  if (!user) return null;

  return (
    <section
      aria-labelledby="current-plan-title"
      className="card mx-auto mt-10 flex max-w-3xl flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="current-plan-title" className="text-lg font-semibold">
          Your current plan
        </h2>
        {plan ? (
          <p className="mt-1 text-slate-600">
            <strong className="text-ink" data-testid="current-plan">
              {planName(plan.tier)}
            </strong>
            {plan.status && isPaid(plan.tier) && <span> · {plan.status.replace(/_/g, ' ')}</span>}
            <span className="block text-sm">Signed in as {String(user.email ?? '')}</span>
          </p>
        ) : (
          <p className="mt-1 text-slate-600" role="status">
            Loading your plan...
          </p>
        )}
      </div>
      {plan && isPaid(plan.tier) && <BillingPortalButton returnPath="/pricing" />}
      {plan && !isPaid(plan.tier) && <p className="text-sm text-slate-600">Choose a plan above to upgrade.</p>}
    </section>
  );
}
