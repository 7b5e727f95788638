// Stripe stand-in: stripe-mock (built from source) with prices for the three paid plans.
import { startStripeMock } from '../../helpers/stripe-mock';
import type { StandIn } from './types';

export async function stripeStandIn(): Promise<StandIn> {
  const mock = await startStripeMock();
  return {
    env: {
      ...mock.env,
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_secret',
      STRIPE_PRICE_STARTER: 'price_e2e_starter',
      STRIPE_PRICE_GROWTH: 'price_e2e_growth',
      STRIPE_PRICE_ENTERPRISE: 'price_e2e_enterprise',
    },
    stop: () => mock.stop(),
  };
}
