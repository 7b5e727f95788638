/**
 * Billing calls of the browser: checkout for a paid plan, the user's current plan, and the Stripe
 * customer portal. Used by the pricing page and the dashboard's Account Settings.
 */
import { normalizeTier, type PlanTier } from '../lib/plans';
import { pb } from './pb';

export interface CurrentPlan {
  tier: PlanTier;
  status: string;
}

/** Starts Stripe Checkout for a plan; resolves to the URL to open. Throws on any failure. */
export async function createCheckoutSession(plan: string): Promise<string> {
  const origin = window.location.origin;
  const res = await pb.send<{ url?: unknown }>('/api/cro/create-checkout-session', {
    method: 'POST',
    body: { plan, successUrl: `${origin}/payment-success`, cancelUrl: `${origin}/payment-cancel` },
    requestKey: null,
  });
  if (!res || typeof res.url !== 'string' || !res.url) throw new Error('No checkout URL returned');
  return res.url;
}

/** The signed-in user's plan (free when they never paid). */
export async function fetchCurrentPlan(): Promise<CurrentPlan> {
  const list = await pb.collection('subscriptions').getList(1, 1, { requestKey: null });
  const sub = list.items[0];
  return { tier: normalizeTier(sub?.plan_tier), status: typeof sub?.subscription_status === 'string' ? sub.subscription_status : '' };
}

/** Opens Stripe's customer portal; it returns the user to `returnPath` on this site. */
export async function openBillingPortal(returnPath = window.location.pathname): Promise<void> {
  const res = await pb.send<{ url?: unknown }>('/api/cro/billing-portal', {
    method: 'POST',
    body: { returnUrl: `${window.location.origin}${returnPath}` },
    requestKey: null,
  });
  if (!res || typeof res.url !== 'string' || !res.url) throw new Error('No billing portal URL returned');
  window.location.assign(res.url);
}
