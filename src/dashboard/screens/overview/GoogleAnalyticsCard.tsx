/**
 * The Google Analytics card: link a property ID (create or update the site's google_analytics
 * integration with status connected), Configure, Disconnect (deletes it).
 */
import { BarChart3, ExternalLink } from 'lucide-react';
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/TextField';
import { navigate } from '../../data/router';
import { $integrations, deleteIntegration, linkGoogleAnalytics, propertyIdOf, refetchIntegrations } from '../../data/integrations';
import { useSiteContext } from '../../data/siteContext';

export function GoogleAnalyticsCard() {
  const { site, canEdit } = useSiteContext();
  const records = useStore($integrations);
  const record = records?.find((r) => r.integration_type === 'google_analytics') ?? null;
  const propertyId = propertyIdOf(records);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  const connect = async (e: FormEvent) => {
    e.preventDefault();
    const id = value.trim();
    if (!id) {
      notify('Property ID Required', 'Please enter your Google Analytics Property ID', 'destructive');
      return;
    }
    if (!site) {
      toast.error('Domain Required', {
        description: 'Please add your domain in Settings first',
        action: { label: 'Go to Settings', onClick: () => navigate('/dashboard/settings') },
      });
      return;
    }
    setBusy(true);
    try {
      await linkGoogleAnalytics(site.id, id);
      notify('Connected!', `Google Analytics property ${id} is linked`, 'success');
      setEditing(false);
      await refetchIntegrations();
    } catch (err) {
      notify('Connection Failed', errorMessage(err, 'Could not connect Google Analytics. Please try again.'), 'destructive');
    } finally {
      setBusy(false);
    }
  };

  const disconnect = async () => {
    if (!record) return;
    setBusy(true);
    try {
      await deleteIntegration(record.id);
      notify('Disconnected', 'Google Analytics has been disconnected', 'success');
      setValue('');
      await refetchIntegrations();
    } catch (err) {
      console.error(err);
      notify('Error', 'Could not disconnect Google Analytics', 'destructive');
    } finally {
      setBusy(false);
    }
  };

  const showForm = !propertyId || editing;
  return (
    <Card
      title="Google Analytics"
      testId="ga-card"
      action={propertyId ? <Badge tone="success">Connected</Badge> : <Badge tone="outline">Not connected</Badge>}
    >
      {showForm ? (
        <form onSubmit={connect} className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
          <TextField
            id="ga-property"
            label="Property ID"
            placeholder="G-XXXXXXXXXX or UA-XXXXXXXXX-X"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            hint="Find it in Google Analytics under Admin > Data streams."
            disabled={!!site && !canEdit}
          />
          <div className="flex gap-2">
            {editing && (
              <Button variant="ghost" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            )}
            <Button type="submit" disabled={busy || (!!site && !canEdit)}>
              <BarChart3 className="h-4 w-4" />
              Connect
            </Button>
          </div>
        </form>
      ) : (
        <div className="space-y-3">
          <p className="text-sm">
            Property{' '}
            <code className="font-semibold" data-testid="ga-property-id">
              {propertyId}
            </code>
          </p>
          {canEdit && (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => {
                  setValue(propertyId ?? '');
                  setEditing(true);
                }}
              >
                Configure
              </Button>
              <Button variant="destructive" onClick={() => void disconnect()} disabled={busy}>
                Disconnect
              </Button>
            </div>
          )}
          <div className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            <p className="font-medium text-slate-800">Real-Time Analytics</p>
            <a
              className="mt-1 inline-flex items-center gap-1 text-indigo-600 underline"
              href="https://analytics.google.com/analytics/web/"
              target="_blank"
              rel="noopener noreferrer"
            >
              Open {propertyId} in Google Analytics
              <ExternalLink className="h-3 w-3" aria-hidden />
            </a>
          </div>
        </div>
      )}
    </Card>
  );
}
