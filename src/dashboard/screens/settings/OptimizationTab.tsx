/**
 * The Optimization tab: the current site's own settings (optimization on or off, the error threshold
 * that triggers automatic rollback, Do Not Track, data retention, the staging domain for testing
 * mode, the time zone its days are counted in, consent-free mode, the global holdout). Owners and admins change them; the server checks each one and writes it to the audit log.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { FormError } from '../../../ui/FormError';
import { SelectField } from '../../../ui/SelectField';
import { LabelledSwitch } from '../../../ui/LabelledSwitch';
import { TextField } from '../../../ui/TextField';
import { notify } from '../../../ui/toast';
import { NoSite } from '../../../ui/dashboard/NoSite';
import {
  ERROR_THRESHOLD_MAX,
  ERROR_THRESHOLD_MIN,
  CONSENT_FREE_CONSEQUENCES,
  RETENTION_CHOICES,
  checkSiteSetting,
  type SiteSettings,
} from '../../../lib/site-settings';
import { SITE_HOLDOUT_MAX } from '../../../lib/exclusion-groups';
import { errorMessage } from '../../data/errors';
import type { SiteRecord } from '../../data/records';
import { useSiteContext } from '../../data/siteContext';
import { saveSiteSettings } from '../../data/sites';
import { UsageCard } from './UsageCard';
import { RecordingSettingsCard, recordingSettingsOf } from './RecordingSettingsCard';

const RETENTION_OPTIONS = RETENTION_CHOICES.map(
  (d) => [String(d), d === 0 ? 'Default (90 days)' : `${d} days`] as const,
) as readonly (readonly [string, string])[];

const settingsOf = (site: SiteRecord): SiteSettings => ({
  optimization_enabled: site.optimization_enabled,
  error_threshold_percentage: site.error_threshold_percentage,
  tracking_ignore_dnt: site.tracking_ignore_dnt,
  retention_days: site.retention_days ?? 0,
  staging_domain: site.staging_domain ?? '',
  time_zone: site.time_zone ?? '',
  consent_free: site.consent_free ?? false,
  holdout_percentage: site.holdout_percentage ?? 0,
});

export function OptimizationTab() {
  const { site, canManage } = useSiteContext();
  if (!site) return <NoSite />;
  return (
    <div className="space-y-4">
      <UsageCard site={site} />
      {/* Keyed by the saved settings, so a save (or a teammate's change) resets the form to what is stored. */}
      <SettingsForm key={`${site.id}:${JSON.stringify(settingsOf(site))}`} site={site} canManage={canManage} />
      <RecordingSettingsCard key={`rec:${site.id}:${JSON.stringify(recordingSettingsOf(site))}`} site={site} canManage={canManage} />
    </div>
  );
}

function SettingsForm({ site, canManage }: { site: SiteRecord; canManage: boolean }) {
  const [form, setForm] = useState<SiteSettings>(() => settingsOf(site));
  const [threshold, setThreshold] = useState(String(site.error_threshold_percentage));
  const [holdout, setHoldout] = useState(String(site.holdout_percentage ?? 0));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) => setForm((f) => ({ ...f, [key]: value }));
  const locked = !canManage || saving;

  async function save(event: FormEvent) {
    event.preventDefault();
    const checkedThreshold = checkSiteSetting('error_threshold_percentage', threshold);
    if (!checkedThreshold.ok) return setError(checkedThreshold.error);
    const checkedStaging = checkSiteSetting('staging_domain', form.staging_domain);
    if (!checkedStaging.ok) return setError(checkedStaging.error);
    const checkedZone = checkSiteSetting('time_zone', form.time_zone);
    if (!checkedZone.ok) return setError(checkedZone.error);
    const checkedHoldout = checkSiteSetting('holdout_percentage', holdout);
    if (!checkedHoldout.ok) return setError(checkedHoldout.error);
    setError(null);
    setSaving(true);
    try {
      await saveSiteSettings(site.id, {
        ...form,
        error_threshold_percentage: Number(checkedThreshold.value),
        holdout_percentage: Number(checkedHoldout.value),
      });
      notify('Settings saved', 'Every change is recorded in the audit log.', 'success');
    } catch (err) {
      setError(errorMessage(err, 'Could not save the settings'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Optimization Settings" testId="site-settings">
      <form className="space-y-5" onSubmit={(e) => void save(e)} noValidate>
        {!canManage && <p className="text-sm text-slate-600">Only the site's owner and admins can change these settings.</p>}
        <LabelledSwitch
          label="Optimization"
          hint="When off, no optimization or test is applied to visitors; tracking goes on."
          checked={form.optimization_enabled}
          disabled={locked}
          onChange={(v) => set('optimization_enabled', v)}
        />
        <TextField
          id="error-threshold"
          label="Error threshold (%)"
          hint={`Automatic rollback when a change's page-error rate exceeds this share (${ERROR_THRESHOLD_MIN}-${ERROR_THRESHOLD_MAX}%).`}
          type="number"
          inputMode="decimal"
          step="0.1"
          min={ERROR_THRESHOLD_MIN}
          max={ERROR_THRESHOLD_MAX}
          value={threshold}
          disabled={locked}
          onChange={(e) => setThreshold(e.target.value)}
        />
        <TextField
          id="global-holdout"
          label="Global holdout (%)"
          hint={`This share of tracked visitors (0-${SITE_HOLDOUT_MAX}%) sees no optimization and no test, so that Overview's Program impact can compare them with everyone else.`}
          type="number"
          inputMode="numeric"
          step="1"
          min={0}
          max={SITE_HOLDOUT_MAX}
          value={holdout}
          disabled={locked}
          onChange={(e) => setHoldout(e.target.value)}
        />
        <LabelledSwitch
          label="Honour Do Not Track"
          hint="Visitors whose browser sends Do Not Track or Global Privacy Control are not tracked."
          checked={!form.tracking_ignore_dnt}
          disabled={locked}
          onChange={(v) => set('tracking_ignore_dnt', !v)}
        />
        <LabelledSwitch
          label="Consent-free mode"
          hint="Visitors are counted without storing anything on their device: the server recognises them by a hash of their address and browser that changes every day."
          checked={form.consent_free}
          disabled={locked}
          onChange={(v) => set('consent_free', v)}
        />
        <ul className="-mt-3 list-disc space-y-1 pl-5 text-xs text-slate-500" data-testid="consent-free-consequences">
          {CONSENT_FREE_CONSEQUENCES.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <SelectField
          id="retention"
          label="Data retention"
          value={String(form.retention_days)}
          options={RETENTION_OPTIONS}
          disabled={locked}
          onValue={(v) => set('retention_days', Number(v))}
        />
        <p className="-mt-4 text-xs text-slate-500">
          Raw events and sessions older than this are deleted every night; daily totals are kept.
        </p>
        <TextField
          id="staging-domain"
          label="Staging domain"
          hint="Testing mode previews and their events are accepted from this host too (for example staging.example.com)."
          value={form.staging_domain}
          disabled={locked}
          placeholder="staging.example.com"
          onChange={(e) => set('staging_domain', e.target.value)}
        />
        <TextField
          id="time-zone"
          label="Time zone"
          hint="Days, today and weekly comparisons are counted on this clock (a name such as Europe/Stockholm; empty: UTC). A change applies to new visits."
          value={form.time_zone}
          disabled={locked}
          placeholder="UTC"
          onChange={(e) => set('time_zone', e.target.value)}
        />
        <FormError error={error} />
        {canManage && (
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Settings'}
          </Button>
        )}
      </form>
    </Card>
  );
}
