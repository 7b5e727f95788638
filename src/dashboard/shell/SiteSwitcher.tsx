/**
 * Picks the site the dashboard shows, when the user belongs to more than one; sites of brands
 * (multi-brand) are grouped under their brand's name.
 */
import { useStore } from '@nanostores/react';
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
        {groups(sites, brands).map((g) =>
          g.brand === null ? (
            g.sites.map(option)
          ) : (
            <optgroup key={g.brand} label={g.brand}>
              {g.sites.map(option)}
            </optgroup>
          ),
        )}
      </select>
    </label>
  );
}

/** Sites by brand (in the brands' order), then the sites of no brand the user can read. */
function groups(sites: SiteRecord[], brands: { id: string; name: string }[]): { brand: string | null; sites: SiteRecord[] }[] {
  const out: { brand: string | null; sites: SiteRecord[] }[] = [];
  for (const b of brands) {
    const own = sites.filter((s) => s.brand_id === b.id);
    if (own.length) out.push({ brand: b.name, sites: own });
  }
  const rest = sites.filter((s) => !out.some((g) => g.sites.includes(s)));
  if (rest.length) out.push({ brand: out.length ? 'Other sites' : null, sites: rest });
  return out;
}
