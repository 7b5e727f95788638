/**
 * Capture and currency: whether the tracker reads the site's ecommerce events (its dataLayer and
 * the tracker API), the reporting currency, and the rate table orders in other currencies are
 * converted with (their original amount is kept). Owners and admins change it; the server checks.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { parseRatesText, ratesText } from '../../../lib/ecommerce';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { FormError } from '../../../ui/FormError';
import { LabelledSwitch } from '../../../ui/LabelledSwitch';
import { TextField } from '../../../ui/TextField';
import { notify } from '../../../ui/toast';
import { $ecommerceSettings, saveEcommerceSettings, type EcommerceSettings } from '../../data/ecommerce';

export function EcommerceSettingsCard({ siteId, canManage }: { siteId: string; canManage: boolean }) {
  const settings = useStore($ecommerceSettings).value;
  if (!settings) return null;
  // Keyed by what was saved, so the form starts again from the stored settings after each save.
  return <SettingsForm key={JSON.stringify(settings)} siteId={siteId} canManage={canManage} settings={settings} />;
}

function SettingsForm({ siteId, canManage, settings }: { siteId: string; canManage: boolean; settings: EcommerceSettings }) {
  const [enabled, setEnabled] = useState(settings.enabled);
  const [currency, setCurrency] = useState(settings.currency);
  const [rates, setRates] = useState(ratesText(settings.rates));
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  async function save() {
    const parsed = parseRatesText(rates);
    if (!parsed.ok) return setError(parsed.error);
    setSaving(true);
    setError('');
    try {
      await saveEcommerceSettings(siteId, { enabled, currency: currency.trim().toUpperCase(), rates: parsed.rates });
      notify('Ecommerce settings saved');
    } catch (e) {
      setError((e as { response?: { message?: string } }).response?.message || 'The settings could not be saved.');
    } finally {
      setSaving(false);
    }
  }

  const disabled = !canManage || saving;
  return (
    <Card title="Capture and currency" testId="ecommerce-settings">
      <div className="space-y-3">
        <LabelledSwitch
          label="Capture ecommerce events"
          hint="Reads the GA4 ecommerce events your pages push to dataLayer, and cro('track', ...) calls; each action counts once."
          checked={enabled}
          disabled={disabled}
          onChange={setEnabled}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="ecommerce-currency"
            label="Reporting currency"
            value={currency}
            maxLength={3}
            disabled={disabled}
            onChange={(e) => setCurrency(e.target.value)}
          />
          <div className="space-y-1">
            <label htmlFor="ecommerce-rates" className="block text-sm font-medium text-slate-800">
              Exchange rates (one a line: EUR = 1.08 means one euro is 1.08 {currency || 'of the reporting currency'})
            </label>
            <textarea
              id="ecommerce-rates"
              rows={3}
              value={rates}
              disabled={disabled}
              onChange={(e) => setRates(e.target.value)}
              className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
            />
          </div>
        </div>
        <FormError error={error} />
        {canManage ? (
          <Button onClick={() => void save()} disabled={saving}>
            Save
          </Button>
        ) : (
          <p className="text-xs text-slate-500">Only the site's owner and admins can change these settings.</p>
        )}
      </div>
    </Card>
  );
}
