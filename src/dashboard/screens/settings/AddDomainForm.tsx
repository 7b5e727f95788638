/** 'Add New Domain': Domain Name (required) and Industry (Optional). The server normalises it. */
import { useStore } from '@nanostores/react';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { $user } from '../../data/session';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/TextField';
import { createSite, refetchSites, selectSite } from '../../data/sites';

export function AddDomainForm() {
  const user = useStore($user);
  const [domain, setDomain] = useState('');
  const [industry, setIndustry] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!domain.trim()) {
      notify('Domain required', 'Please enter a domain name', 'destructive');
      return;
    }
    if (!user) return;
    setBusy(true);
    try {
      const site = await createSite(user.id, domain.trim(), industry.trim());
      notify('Domain added successfully', 'Follow the DNS setup instructions below', 'success');
      setDomain('');
      setIndustry('');
      selectSite(site.id);
      await refetchSites();
    } catch (err) {
      notify('Failed to add domain', errorMessage(err, 'Could not add the domain'), 'destructive');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Add New Domain">
      <form onSubmit={submit} className="grid grid-cols-1 gap-4 md:grid-cols-[1fr_1fr_auto] md:items-end" noValidate>
        <TextField
          id="domain-name"
          label="Domain Name"
          placeholder="example.com"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
          autoComplete="off"
        />
        <TextField
          id="domain-industry"
          label="Industry (Optional)"
          placeholder="e.g. E-commerce"
          value={industry}
          onChange={(e) => setIndustry(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          <Plus className="h-4 w-4" />
          {busy ? 'Adding...' : 'Add Domain'}
        </Button>
      </form>
    </Card>
  );
}
