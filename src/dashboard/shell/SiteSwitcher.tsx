/**
 * Picks the site the dashboard shows, when the user belongs to more than one; sites of brands
 * (multi-brand) are grouped under their brand's name.
 */
import { useStore } from '@nanostores/react';
import { groupSitesByBrand } from '../../lib/site-groups';
import { $brands } from '../data/brand';
import type { SiteRecord } from '../data/records';
import { $currentSiteId, $sites, selectSite } from '../data/sites';

const option = (s: SiteRecord) => (
  <option key={s.id} value={s.id}>
    {s.domain}
  </option>
);

export function SiteSwitcher() {
  const sites = useStore($sites);
  const current = useStore($currentSiteId);
  const brands = useStore($brands).value ?? [];
  if (!sites || sites.length < 2)
    return sites?.[0] ? (
      <span className="hidden truncate text-sm text-slate-600 sm:inline" data-testid="current-site">
        {sites[0].domain}
      </span>
    ) : null;
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">Site</span>
      <select
        aria-label="Site"
        value={current ?? ''}
        onChange={(e) => selectSite(e.target.value)}
        className="max-w-40 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {groupSitesByBrand(sites, brands).map((g) =>
          g.label === null ? (
            g.sites.map(option)
          ) : (
            <optgroup key={g.label} label={g.label}>
              {g.sites.map(option)}
            </optgroup>
          ),
        )}
      </select>
    </label>
  );
}
