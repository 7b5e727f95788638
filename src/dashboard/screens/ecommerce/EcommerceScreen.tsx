/**
 * The Ecommerce screen (Enterprise & Ecom; the server refuses other plans, this mirrors it):
 * revenue, orders, average order value, revenue per visitor and purchase conversion rate with their
 * change, the shopping funnel, products and categories, cart abandonment and coupons, in the site's
 * reporting currency; owners and admins turn capture on and keep the rate table.
 */
import { useStore } from '@nanostores/react';
import { can } from '../../../lib/plans';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { $ecommerceDays, $ecommerceReport, ECOMMERCE_RANGES } from '../../data/ecommerce';
import { useSiteContext } from '../../data/siteContext';
import { AbandonmentCard } from './AbandonmentCard';
import { CouponsCard } from './CouponsCard';
import { EcommerceSettingsCard } from './EcommerceSettingsCard';
import { EcommerceUpgradeCard } from './EcommerceUpgradeCard';
import { ProductTable } from './ProductTable';
import { ShoppingFunnelCard } from './ShoppingFunnelCard';
import { SummaryCards } from './SummaryCards';

const RANGE_OPTIONS = ECOMMERCE_RANGES.map((d) => [String(d), `Last ${d} days`] as const);

export default function EcommerceScreen() {
  const { site, canManage } = useSiteContext();
  const days = useStore($ecommerceDays);
  if (!site) return <NoSite />;
  if (!can(site.plan_tier, 'ecommerce')) {
    return (
      <div>
        <ScreenHeader title="Ecommerce" subtitle="Revenue, products, carts and checkout of your shop" />
        <EcommerceUpgradeCard />
      </div>
    );
  }
  return (
    <div className="space-y-4 pb-40">
      <ScreenHeader
        title="Ecommerce"
        subtitle="Revenue, products, carts and checkout of your shop"
        actions={
          <SelectField
            id="ecommerce-range"
            label="Range"
            labelClassName="sr-only"
            value={String(days)}
            options={RANGE_OPTIONS}
            onValue={(v) => $ecommerceDays.set(Number(v) as (typeof ECOMMERCE_RANGES)[number])}
          />
        }
      />
      <EcommerceSettingsCard siteId={site.id} canManage={canManage} />
      <Report />
    </div>
  );
}

function Report() {
  const state = useStore($ecommerceReport);
  const report = state.value;
  if (state.error && !report) return <p className="text-sm text-red-700">The ecommerce figures could not be loaded.</p>;
  if (!report) return <Spinner />;
  return (
    <>
      <SummaryCards report={report} />
      <ShoppingFunnelCard report={report} />
      <ProductTable title="Product performance" testId="ecommerce-products" rows={report.products} currency={report.currency} />
      <ProductTable title="Categories" testId="ecommerce-categories" rows={report.categories} currency={report.currency} />
      <AbandonmentCard report={report} />
      <CouponsCard report={report} />
    </>
  );
}
