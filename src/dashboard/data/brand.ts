/**
 * White label in the dashboard: the brand shown instead of the product (the brand of the domain
 * the dashboard is served on, else the current site's; GET /api/cro/brand, which answers only
 * while the brand's organization has white label), and the user's organization with its brands
 * for Settings -> Brand. The server guards every write (pocketbase/whitelabel).
 */
import { atom, computed, onMount } from 'nanostores';
import { pb } from '../../client/pb';
import company from '../../../content/company.json';
import { createCollectionStore } from './collectionStore';
import type { BrandRecord, OrganizationRecord } from './records';
import { $userId } from './session';
import { $currentSiteId } from './sites';

/** A brand as the dashboard shows it. */
export interface Brand {
  id: string;
  name: string;
  /** The logo's URL path, or '' */
  logo: string;
  primary_color: string;
  accent_color: string;
  support_email: string;
  /** The brand's own dashboard domain once verified, else ''. */
  domain: string;
}

/** The page came from a brand's own domain (the server marks it <html data-white-label>). */
export const onBrandDomain = (): boolean => typeof document !== 'undefined' && document.documentElement.hasAttribute('data-white-label');

/** The brand shown: undefined while it loads, null when the product shows as itself. */
export const $brand = atom<Brand | null | undefined>(undefined);

let asked = 0;
async function loadBrand(siteId: string | null): Promise<void> {
  const ask = ++asked;
  try {
    const res = await pb.send<{ brand: Brand | null }>(`/api/cro/brand${siteId ? `?site=${encodeURIComponent(siteId)}` : ''}`, {
      requestKey: null,
    });
    if (ask === asked) $brand.set(res.brand);
  } catch {
    if (ask === asked) $brand.set(null);
  }
}

onMount($brand, () => $currentSiteId.subscribe((id) => void loadBrand(id)));

/** Loads the brand again (after Settings -> Brand saved one). */
export const refreshBrand = () => loadBrand($currentSiteId.get());

/** The product's name as the user sees it: the brand's under white label. */
export const $productName = computed($brand, (b) => b?.name ?? company.name);

/** Text written about the product, naming the brand instead under white label. */
export function brandText(text: string, brand: Brand | null | undefined): string {
  return brand ? text.split(company.name).join(brand.name) : text;
}

/** The user's organizations (their own, or those they manage). */
export const $organizations = createCollectionStore<OrganizationRecord>({ collection: 'organizations', key: $userId, sort: 'created_at' });

/** The brands the user manages or belongs to. */
export const $brands = createCollectionStore<BrandRecord>({ collection: 'brands', key: $userId, sort: 'created_at' });

export const createOrganization = (ownerId: string, name: string) =>
  pb.collection('organizations').create<OrganizationRecord>({ name, owner_id: ownerId }, { requestKey: null });

export const saveBrand = (id: string | null, data: FormData) =>
  id
    ? pb.collection('brands').update<BrandRecord>(id, data, { requestKey: null })
    : pb.collection('brands').create<BrandRecord>(data, { requestKey: null });

export const deleteBrand = (id: string) => pb.collection('brands').delete(id, { requestKey: null });

export const setSiteBrand = (siteId: string, brandId: string) =>
  pb.collection('sites').update(siteId, { brand_id: brandId }, { requestKey: null });

export const verifyBrandDomain = (id: string) =>
  pb.send<{ verified: boolean; message: string }>(`/api/cro/brands/${id}/verify-domain`, { method: 'POST', requestKey: null });

/** The logo's URL of a brand record, or ''. */
export const brandLogoUrl = (b: BrandRecord) => (b.logo ? pb.files.getURL(b, b.logo) : '');
