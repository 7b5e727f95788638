/** The range and breakdown every funnel on the screen is shown for. */
import { useStore } from '@nanostores/react';
import { FUNNEL_BREAKDOWNS, type FunnelBreakdown } from '../../../lib/funnels';
import { SelectField } from '../../../ui/SelectField';
import { $funnelBreakdown, $funnelDays } from '../../data/funnels';

const RANGES = [
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['90', 'Last 90 days'],
] as const;

const BREAKDOWN_LABELS: Record<FunnelBreakdown, string> = {
  device: 'Device',
  browser: 'Browser',
  country: 'Country',
  source: 'Source',
  landing: 'Landing page',
};

export function FunnelControls() {
  const days = String(useStore($funnelDays)) as '7' | '30' | '90';
  const breakdown = useStore($funnelBreakdown);
  return (
    <div className="flex flex-wrap gap-4">
      <SelectField id="funnel-range" label="Date range" value={days} options={RANGES} onValue={(d) => $funnelDays.set(Number(d))} />
      <SelectField
        id="funnel-breakdown"
        label="Breakdown"
        value={breakdown}
        options={[['', 'None'] as const, ...FUNNEL_BREAKDOWNS.map((b) => [b, BREAKDOWN_LABELS[b]] as const)]}
        onValue={(b) => $funnelBreakdown.set(b)}
      />
    </div>
  );
}
