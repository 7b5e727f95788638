/**
 * The five plans of the pricing page, as displayed. Which Stripe
 * price a paid plan uses is the server's business (environment variables), never the browser's.
 */
import type { PlanTier } from './plans';

export type PlanKey = 'free' | 'starter' | 'growth' | 'enterprise' | 'custom';

export interface PlanCard {
  key: PlanKey;
  name: string;
  price: string;
  period: string;
  description: string;
  popular: boolean;
  features: string[];
}

export const PLAN_CATALOGUE: readonly PlanCard[] = [
  {
    key: 'free',
    name: 'Free',
    price: '$0',
    period: 'forever',
    description: 'See what conversion optimization can do for your site.',
    popular: false,
    features: [
      '3 website scan results',
      'Read-only analytics dashboard',
      'View-only GA integration',
      'CRO library',
      'Email support',
      '1 website',
    ],
  },
  {
    key: 'starter',
    name: 'Starter',
    price: '$79',
    period: '/month',
    description: 'For growing sites starting to test.',
    popular: false,
    features: ['Up to 25,000 visitors/month', 'Limited A/B testing', 'Basic heatmaps', 'Weekly reports'],
  },
  {
    key: 'growth',
    name: 'Growth',
    price: '$299',
    period: '/month',
    description: 'For teams optimizing every week.',
    popular: true,
    features: ['Up to 100,000 visitors/month', 'Advanced A/B testing', 'Full heatmaps & recordings', 'Priority support', 'Daily reports'],
  },
  {
    key: 'enterprise',
    name: 'Enterprise & Ecom',
    price: '$990',
    period: '/month',
    description: 'For high-traffic stores and enterprises.',
    popular: false,
    features: ['Unlimited visitors', 'Dedicated CRO workers', 'Ecommerce features', 'White label', 'API access', '24/7 support'],
  },
  {
    key: 'custom',
    name: 'Custom Enterprise',
    price: 'Custom',
    period: '',
    description: 'Volume pricing and a team that works with yours.',
    popular: false,
    features: ['Custom volume pricing', 'Multi-brand support', 'Custom SLA', 'Dedicated account manager'],
  },
];

/** The plans bought through Stripe Checkout; each maps to one plan tier. */
export const CHECKOUT_PLANS = ['starter', 'growth', 'enterprise'] as const;
export type CheckoutPlan = (typeof CHECKOUT_PLANS)[number];

export function isCheckoutPlan(value: unknown): value is CheckoutPlan {
  return (CHECKOUT_PLANS as readonly unknown[]).includes(value);
}

/** The display name of a tier ("Enterprise & Ecom" for enterprise). */
export function planName(tier: PlanTier): string {
  return PLAN_CATALOGUE.find((p) => p.key === tier)?.name ?? 'Free';
}
