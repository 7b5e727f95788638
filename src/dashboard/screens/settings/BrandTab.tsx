/**
 * Settings -> Brand (white label, Enterprise & Ecom): the account's organization and its brands,
 * each with its name, logo, colours, support and billing contacts, its own dashboard domain (proved
 * by a TXT record, then served with its own certificate) and its sites. An organization holds one
 * brand; several (multi-brand) come with the Custom Enterprise contract. The server enforces all of it.
 */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { MULTI_BRAND_REFUSAL, brandLimit, can, upgradeMessage } from '../../../lib/plans';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { notify } from '../../../ui/toast';
import { $brands, $organizations, createOrganization } from '../../data/brand';
import { errorMessage } from '../../data/errors';
import { $userId } from '../../data/session';
import { $sites } from '../../data/sites';
import { BrandCard } from './BrandCard';

export function BrandTab() {
  const userId = useStore($userId);
  const orgs = useStore($organizations).value;
  const brands = useStore($brands).value;
  const sites = useStore($sites);
  const [adding, setAdding] = useState(false);
  if (!orgs || !brands || !sites || !userId) return <Spinner />;
  const tier = sites.find((s) => s.user_id === userId)?.plan_tier ?? 'free';
  const org = orgs[0];
  if (!org) {
    if (!can(tier, 'white_label')) {
      return (
        <Card title="White label" testId="brand-plan-required">
          <p className="text-sm text-slate-600">
            {upgradeMessage('white_label').replace(' Upgrade at /pricing.', ' ')}
            <a href="/pricing" className="font-medium underline">
              Upgrade
            </a>
          </p>
        </Card>
      );
    }
    return <CreateOrganization userId={userId} />;
  }
  const own = brands.filter((b) => b.organization_id === org.id);
  const limit = brandLimit(tier, org.custom_enterprise);
  const mayAdd = limit === null || own.length < limit;
  return (
    <div className="space-y-4 pb-40">
      <p className="text-sm text-slate-600">
        Your brand replaces ours everywhere your clients meet the dashboard: its pages, mails and reports, and its own domain.
      </p>
      {own.map((b) => (
        <BrandCard key={b.id} brand={b} sites={sites.filter((s) => s.user_id === userId || s.brand_id === b.id)} />
      ))}
      {(own.length === 0 || adding) && <BrandCard brand={null} organizationId={org.id} sites={[]} onDone={() => setAdding(false)} />}
      {own.length > 0 && !adding && (
        <div className="flex items-center gap-3">
          <Button variant="outline" disabled={!mayAdd} onClick={() => setAdding(true)}>
            Add a brand
          </Button>
          {!mayAdd && <p className="text-sm text-slate-600">{MULTI_BRAND_REFUSAL}</p>}
        </div>
      )}
    </div>
  );
}

function CreateOrganization({ userId }: { userId: string }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await createOrganization(userId, name.trim());
    } catch (err) {
      notify('The organization was not created', errorMessage(err, 'Unknown error'), 'destructive');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card title="Your organization">
      <form onSubmit={submit} className="max-w-md space-y-3">
        <TextField
          id="org-name"
          label="Organization name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={120}
        />
        <Button type="submit" disabled={busy || !name.trim()}>
          Create organization
        </Button>
      </form>
    </Card>
  );
}
