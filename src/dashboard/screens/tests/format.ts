/** How the A/B test screens write the engine's figures (the e2e test reads them back in this form). */

// The percent forms live in src/lib (the Overview's Program impact card writes them too).
export { interval, percent, signedPercent } from '../../../lib/format';

/** A p-value with three decimals; below 0.001 as "<0.001". */
export const pValue = (p: number) => (p < 0.001 ? '<0.001' : p.toFixed(3));

/** Whole days since the start (0 before it). */
export const daysRunning = (startedAt: string, endedAt: string, now = Date.now()) => {
  if (!startedAt) return 0;
  const end = endedAt ? Date.parse(endedAt) : now;
  return Math.max(0, Math.floor((end - Date.parse(startedAt)) / 86_400_000));
};

/** A moment as the owner's locale writes its date and time. */
export const formatDate = (iso: string) => new Date(iso.replace(' ', 'T')).toLocaleString();

/** A test's exclusive group and its share of the group's visitors: "group: Checkout (0%–40% of its visitors)". */
export function groupLabel(
  groups: { id: string; name: string }[] | undefined,
  x: { exclusion_group?: string; group_range?: [number, number] | null },
) {
  const name = groups?.find((g) => g.id === x.exclusion_group)?.name ?? 'an exclusive group';
  const r = x.group_range;
  return `exclusive group: ${name}${r ? ` (${Math.round(r[0] * 1000) / 10}%–${Math.round(r[1] * 1000) / 10}% of its visitors)` : ''}`;
}
