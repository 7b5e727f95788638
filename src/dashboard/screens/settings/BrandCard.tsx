/**
 * One brand of Settings -> Brand: its look and contacts (saved as one form, the logo included),
 * its dashboard domain with the TXT record that proves it, and which of the user's sites are its.
 */
import { useState, type FormEvent } from 'react';
import { ownershipRecordName } from '../../../lib/domain-ownership';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CopyButton } from '../../../ui/CopyButton';
import { TextField } from '../../../ui/TextField';
import { notify } from '../../../ui/toast';
import { brandLogoUrl, refreshBrand, saveBrand, setSiteBrand, verifyBrandDomain } from '../../data/brand';
import { errorMessage } from '../../data/errors';
import type { BrandRecord, SiteRecord } from '../../data/records';

export function BrandCard({
  brand,
  organizationId,
  sites,
  onDone,
}: {
  brand: BrandRecord | null;
  organizationId?: string;
  sites: SiteRecord[];
  onDone?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const id = brand?.id ?? 'new';
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    if (!(data.get('logo') as File | null)?.size) data.delete('logo');
    if (organizationId) data.set('organization_id', organizationId);
    setBusy(true);
    try {
      await saveBrand(brand?.id ?? null, data);
      notify('Brand saved');
      void refreshBrand();
      onDone?.();
    } catch (err) {
      notify('The brand was not saved', errorMessage(err, 'Unknown error'), 'destructive');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card title={brand ? brand.name : 'New brand'} testId={`brand-${id}`}>
      <form onSubmit={submit} className="grid max-w-2xl gap-3 sm:grid-cols-2">
        <TextField id={`${id}-name`} name="name" label="Brand name" defaultValue={brand?.name} required maxLength={60} />
        <div className="space-y-1">
          <label htmlFor={`${id}-logo`} className="block text-sm font-medium text-slate-800">
            Logo (PNG, JPEG or WebP, up to 512 KB)
          </label>
          <div className="flex items-center gap-2">
            {brand && brandLogoUrl(brand) && <img src={brandLogoUrl(brand)} alt="" className="h-8 w-auto" />}
            <input id={`${id}-logo`} name="logo" type="file" accept="image/png,image/jpeg,image/webp" className="text-sm" />
          </div>
        </div>
        <ColourField id={`${id}-primary`} name="primary_color" label="Primary colour" value={brand?.primary_color || '#4f46e5'} />
        <ColourField id={`${id}-accent`} name="accent_color" label="Accent colour" value={brand?.accent_color || '#f59e0b'} />
        <TextField id={`${id}-support`} name="support_email" type="email" label="Support address" defaultValue={brand?.support_email} />
        <TextField id={`${id}-billing`} name="billing_email" type="email" label="Billing contact" defaultValue={brand?.billing_email} />
        <TextField
          id={`${id}-domain`}
          name="domain"
          label="Dashboard domain"
          placeholder="app.youragency.com"
          hint="Your clients open the dashboard here. Point it at this install with a CNAME record."
          defaultValue={brand?.domain}
        />
        <div className="flex items-end">
          <Button type="submit" disabled={busy}>
            Save brand
          </Button>
        </div>
      </form>
      {brand?.domain && <DomainProof brand={brand} />}
      {brand && sites.length > 0 && <BrandSites brand={brand} sites={sites} />}
    </Card>
  );
}

function ColourField({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} name={name} type="color" defaultValue={value} className="h-9 w-16 rounded border border-slate-300" />
    </div>
  );
}

function DomainProof({ brand }: { brand: BrandRecord }) {
  const [message, setMessage] = useState('');
  if (brand.domain_verified) {
    return (
      <p className="mt-4 text-sm text-emerald-700" data-testid="brand-domain-verified">
        {brand.domain} is verified and served with its own certificate.
      </p>
    );
  }
  const name = ownershipRecordName(brand.domain_zone);
  return (
    <div className="mt-4 space-y-2 rounded-md bg-slate-50 p-3 text-sm">
      <p>To prove that you control {brand.domain_zone}, add this TXT record where its DNS is hosted, then verify:</p>
      <p className="flex flex-wrap items-center gap-2">
        <code className="rounded bg-white px-1" data-testid="brand-proof-name">
          {name}
        </code>
        <CopyButton value={name} label="Copy name" />
        <code className="rounded bg-white px-1" data-testid="brand-proof-value">
          {brand.domain_token}
        </code>
        <CopyButton value={brand.domain_token} label="Copy value" />
      </p>
      <Button
        variant="outline"
        onClick={async () => {
          try {
            setMessage((await verifyBrandDomain(brand.id)).message);
          } catch (err) {
            setMessage(errorMessage(err, 'The check failed'));
          }
        }}
      >
        Verify domain
      </Button>
      {message && <p role="status">{message}</p>}
    </div>
  );
}

function BrandSites({ brand, sites }: { brand: BrandRecord; sites: SiteRecord[] }) {
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-slate-800">Sites of this brand</legend>
      <ul className="mt-2 space-y-1">
        {sites.map((s) => (
          <li key={s.id}>
            <SiteToggle site={s} brandId={brand.id} />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** A site in or out of the brand: shown at once, undone if the server refuses. */
function SiteToggle({ site, brandId }: { site: SiteRecord; brandId: string }) {
  const saved = site.brand_id === brandId;
  const [wanted, setWanted] = useState<boolean | null>(null);
  const checked = wanted ?? saved;
  if (wanted !== null && wanted === saved) setWanted(null); // the site's record caught up
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={async (e) => {
          const on = e.target.checked;
          setWanted(on);
          try {
            await setSiteBrand(site.id, on ? brandId : '');
            void refreshBrand();
          } catch (err) {
            setWanted(null);
            notify('The site was not moved', errorMessage(err, 'Unknown error'), 'destructive');
          }
        }}
      />
      {site.domain}
    </label>
  );
}
