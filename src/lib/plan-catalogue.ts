/**
 * The five plans of the pricing page, as displayed. Which Stripe
 * price a paid plan uses is the server's business (environment variables), never the browser's.
 */
import { MONTHLY_PRICE_USD, type PlanTier } from './plans';

const usd = (n: number) => `$${n}`;

export type PlanKey = 'free' | 'starter' | 'growth' | 'enterprise' | 'custom';

/**
 * A feature as the pricing page lists it, with where it lives in the product (a page anyone can
 * open, or the dashboard screen): the page sells only what a customer can use.
 */
export interface PlanFeature {
  label: string;
  href?: string;
}

const f = (label: string, href?: string): PlanFeature => (href ? { label, href } : { label });

export interface PlanCard {
  key: PlanKey;
  name: string;
  price: string;
  period: string;
  description: string;
  popular: boolean;
  features: PlanFeature[];
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
      f('3 website scan results', '/website-scan'),
      f('Read-only analytics dashboard', '/dashboard/analytics'),
      f('View-only GA integration', '/dashboard'),
      f('CRO library', '/dashboard/library'),
      f('Email support', '/contact'),
      f('1 website', '/dashboard/settings'),
    ],
  },
  {
    key: 'starter',
    name: 'Starter',
    price: usd(MONTHLY_PRICE_USD.starter),
    period: '/month',
    description: 'For growing sites starting to test.',
    popular: false,
    features: [
      f('Up to 25,000 visitors/month', '#visitor-limits'),
      f('Limited A/B testing', '/dashboard/tests'),
      f('Basic heatmaps', '/dashboard/recordings'),
      f('Document analysis', '/dashboard'),
      f('Weekly reports', '/dashboard/reports'),
    ],
  },
  {
    key: 'growth',
    name: 'Growth',
    price: usd(MONTHLY_PRICE_USD.growth),
    period: '/month',
    description: 'For teams optimizing every week.',
    popular: true,
    features: [
      f('Up to 100,000 visitors/month', '#visitor-limits'),
      f('Advanced A/B testing', '/dashboard/tests'),
      f('Full heatmaps & recordings', '/dashboard/recordings'),
      f('Priority support', '/contact'),
      f('Daily reports', '/dashboard/reports'),
    ],
  },
  {
    key: 'enterprise',
    name: 'Enterprise & Ecom',
    price: usd(MONTHLY_PRICE_USD.enterprise),
    period: '/month',
    description: 'For high-traffic stores and enterprises.',
    popular: false,
    features: [
      f('Unlimited visitors', '#visitor-limits'),
      f('Dedicated CRO workers', '/dashboard/cro-workers'),
      f('Ecommerce features', '/dashboard/ecommerce'),
      f('White label', '/dashboard/settings?tab=brand'),
      f('API access', '/api-docs'),
      f('24/7 support', '/contact'),
    ],
  },
  {
    key: 'custom',
    name: 'Custom Enterprise',
    price: 'Custom',
    period: '',
    description: 'Volume pricing and a team that works with yours.',
    popular: false,
    features: [
      f('Custom volume pricing', '/contact'),
      f('Multi-brand support', '/dashboard/settings?tab=brand'),
      f('Custom SLA', '/contact'),
      f('Dedicated account manager', '/contact'),
    ],
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
