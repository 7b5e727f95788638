/**
 * Ecommerce analytics of the current site (Enterprise & Ecom): the report of the chosen range from
 * GET /api/cro/ecommerce/{site}?days=, the site's ecommerce settings (capture, reporting currency,
 * rate table) and, for an A/B test, its variants' orders (average order value, revenue per visitor).
 */
import { atom, computed } from 'nanostores';
import { pb } from '../../client/pb';
import { createLiveStore } from './liveStore';
import { $currentSiteId } from './sites';

export interface EcommerceSummary {
  revenue: number;
  orders: number;
  aov: number;
  visitors: number;
  purchasers: number;
  revenuePerVisitor: number;
  conversionRate: number;
  unconvertedOrders: number;
  unconvertedCurrencies: string[];
}

export interface ProductFigures {
  id: string;
  name: string;
  category: string;
  views: number;
  carts: number;
  orders: number;
  units: number;
  revenue: number;
  addToCartRate: number;
  cartToPurchaseRate: number;
}

export interface FunnelStep {
  step: string;
  sessions: number;
}

export interface Breakdown {
  value: string;
  steps?: FunnelStep[];
  started: number;
  abandoned: number;
  valueLeft: number;
}

export interface EcommerceReport {
  currency: string;
  days: number;
  from: string;
  to: string;
  current: EcommerceSummary;
  previous: EcommerceSummary;
  products: ProductFigures[];
  categories: ProductFigures[];
  funnel: FunnelStep[];
  funnelBy: Record<'device' | 'source', Breakdown[]>;
  checkoutSteps: FunnelStep[];
  abandonment: {
    started: number;
    abandoned: number;
    open: number;
    rate: number;
    valueLeft: number;
    bySource: Breakdown[];
    byDevice: Breakdown[];
  };
  coupons: { code: string; orders: number; revenue: number; aov: number }[];
}

export interface EcommerceSettings {
  enabled: boolean;
  currency: string;
  rates: Record<string, number>;
}

export const ECOMMERCE_RANGES = [7, 30, 90] as const;
export const $ecommerceDays = atom<(typeof ECOMMERCE_RANGES)[number]>(30);

const reportKey = computed([$currentSiteId, $ecommerceDays], (site, days) => (site ? `${site}|${days}` : null));

export const $ecommerceReport = createLiveStore<EcommerceReport | null, string>({
  name: 'ecommerce report',
  key: reportKey,
  empty: null,
  load: (key) => {
    const [site, days] = key.split('|');
    return pb.send<EcommerceReport>(`/api/cro/ecommerce/${encodeURIComponent(site!)}?days=${days}`, { requestKey: null });
  },
});

export const $ecommerceSettings = createLiveStore<EcommerceSettings | null, string>({
  name: 'ecommerce settings',
  key: $currentSiteId,
  empty: null,
  load: (site) => pb.send<EcommerceSettings>(`/api/cro/ecommerce/${encodeURIComponent(site)}/settings`, { requestKey: null }),
});

/** Saves the site's ecommerce settings (the server checks them: a 400 says what to fix). */
export async function saveEcommerceSettings(siteId: string, settings: EcommerceSettings): Promise<void> {
  await pb.send(`/api/cro/ecommerce/${encodeURIComponent(siteId)}/settings`, { method: 'POST', body: settings, requestKey: null });
  await Promise.all([$ecommerceSettings.refetch(), $ecommerceReport.refetch()]);
}

export interface VariantOrders {
  key: string;
  visitors: number;
  orders: number;
  revenue: number;
  aov: number;
  revenuePerVisitor: number;
  aovUplift: number | null;
  aovChanceToBeatControl: number | null;
  rpvUplift: number | null;
  rpvChanceToBeatControl: number | null;
}

/** The test whose variants' orders are shown (set by the test's detail view). */
export const $orderValueTest = atom<string | null>(null);

const orderValueKey = computed([$currentSiteId, $orderValueTest], (site, test) => (site && test ? `${site}|${test}` : null));

export const $orderValue = createLiveStore<{ currency: string; variants: VariantOrders[] } | null, string>({
  name: 'order value per variant',
  key: orderValueKey,
  empty: null,
  load: (key) => {
    const [site, test] = key.split('|');
    return pb.send(`/api/cro/ecommerce/${encodeURIComponent(site!)}/experiments/${encodeURIComponent(test!)}`, { requestKey: null });
  },
});
