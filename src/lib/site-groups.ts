/**
 * The site switcher's groups under multi-brand: each brand's sites under its name (in the brands'
 * order), then the sites of no brand (as 'Other sites', or ungrouped when no site has a brand).
 */
export interface SiteGroup<S> {
  /** The brand's name, 'Other sites', or null: a plain list. */
  label: string | null;
  sites: S[];
}

export function groupSitesByBrand<S extends { brand_id?: string }>(
  sites: readonly S[],
  brands: readonly { id: string; name: string }[],
): SiteGroup<S>[] {
  const out: SiteGroup<S>[] = [];
  for (const b of brands) {
    const own = sites.filter((s) => s.brand_id === b.id);
    if (own.length) out.push({ label: b.name, sites: own });
  }
  const grouped = new Set(out.flatMap((g) => g.sites));
  const rest = sites.filter((s) => !grouped.has(s));
  if (rest.length) out.push({ label: out.length ? 'Other sites' : null, sites: rest });
  return out;
}
