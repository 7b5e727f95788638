/**
 * Settings -> Optimization, Recordings: the share of sessions recorded, the pages recorded or never
 * recorded, the shortest recording kept and text masking. Owners and admins change them; the
 * server checks each and writes the change to the audit log. What is always private is stated.
 */
import { useState, type FormEvent } from 'react';
import { can } from '../../../lib/plans';
import { RECORDING_MAX_MIN_SECONDS, checkRecordingSetting, type RecordingSettings } from '../../../lib/recordings/settings';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { FormError } from '../../../ui/FormError';
import { LabelledSwitch } from '../../../ui/LabelledSwitch';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import type { SiteRecord } from '../../data/records';
import { saveSiteSettings } from '../../data/sites';

export const recordingSettingsOf = (site: SiteRecord): RecordingSettings => ({
  recording_sample_rate: site.recording_sample_rate ?? 100,
  recording_min_seconds: site.recording_min_seconds ?? 0,
  recording_include: site.recording_include ?? '',
  recording_exclude: site.recording_exclude ?? '',
  recording_mask_text: !!site.recording_mask_text,
  recording_mask_selectors: site.recording_mask_selectors ?? '',
});

export function RecordingSettingsCard({ site, canManage }: { site: SiteRecord; canManage: boolean }) {
  const [form, setForm] = useState(() => recordingSettingsOf(site));
  const [rate, setRate] = useState(String(form.recording_sample_rate));
  const [minSeconds, setMinSeconds] = useState(String(form.recording_min_seconds));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof RecordingSettings>(k: K, v: RecordingSettings[K]) => setForm((f) => ({ ...f, [k]: v }));
  const locked = !canManage || saving;

  async function save(event: FormEvent) {
    event.preventDefault();
    const next = { ...form, recording_sample_rate: rate as unknown as number, recording_min_seconds: minSeconds as unknown as number };
    const checked: Partial<RecordingSettings> = {};
    for (const key of Object.keys(next) as (keyof RecordingSettings)[]) {
      const c = checkRecordingSetting(key, next[key]);
      if (!c.ok) return setError(c.error);
      (checked as Record<string, unknown>)[key] = c.value;
    }
    setError(null);
    setSaving(true);
    try {
      await saveSiteSettings(site.id, checked);
      notify('Settings saved', 'Every change is recorded in the audit log.', 'success');
    } catch (err) {
      setError(errorMessage(err, 'Could not save the settings'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Recordings" testId="recording-settings">
      <form className="space-y-5" onSubmit={(e) => void save(e)} noValidate>
        {!can(site.plan_tier, 'recordings') && (
          <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            Session recordings start once the site is on the Growth plan or higher.{' '}
            <a href="/pricing" className="font-medium underline">
              Upgrade
            </a>
          </p>
        )}
        {site.consent_free && (
          <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            Session recordings are off in consent-free mode (Optimization Settings above).
          </p>
        )}
        <p className="text-sm text-slate-600">
          Always private, whatever these settings say: every typed value is masked in the visitor's browser, password and payment fields are
          never recorded, and elements with the class <code>cro-block</code> are left out entirely. Visitors who send Do Not Track or Global
          Privacy Control (when honoured) or withdraw consent are not recorded.
        </p>
        <TextField
          id="recording-rate"
          label="Recorded sessions (%)"
          hint="The share of sessions recorded; 0 records none."
          type="number"
          min={0}
          max={100}
          step={1}
          value={rate}
          disabled={locked}
          onChange={(e) => setRate(e.target.value)}
        />
        <TextField
          id="recording-min"
          label="Minimum recording length (seconds)"
          hint={`Visits shorter than this are never sent (0-${RECORDING_MAX_MIN_SECONDS}).`}
          type="number"
          min={0}
          max={RECORDING_MAX_MIN_SECONDS}
          value={minSeconds}
          disabled={locked}
          onChange={(e) => setMinSeconds(e.target.value)}
        />
        <TextAreaField
          id="recording-include"
          label="Record only these pages (one URL pattern per line; empty: every page)"
          rows={2}
          placeholder="/checkout/*"
          value={form.recording_include}
          disabled={locked}
          onChange={(e) => set('recording_include', e.target.value)}
        />
        <TextAreaField
          id="recording-exclude"
          label="Never record these pages (one URL pattern per line)"
          rows={2}
          placeholder="/account/*"
          value={form.recording_exclude}
          disabled={locked}
          onChange={(e) => set('recording_exclude', e.target.value)}
        />
        <LabelledSwitch
          label="Mask all text"
          hint="Every text of the page is replaced by stars in the visitor's browser; the layout stays."
          checked={form.recording_mask_text}
          disabled={locked}
          onChange={(v) => set('recording_mask_text', v)}
        />
        <TextField
          id="recording-mask-selectors"
          label="Mask the text of these elements"
          hint="CSS selectors separated by commas, for example .account-name, #order-summary."
          value={form.recording_mask_selectors}
          disabled={locked}
          onChange={(e) => set('recording_mask_selectors', e.target.value)}
        />
        <FormError error={error} />
        {canManage && (
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Recording Settings'}
          </Button>
        )}
      </form>
    </Card>
  );
}
