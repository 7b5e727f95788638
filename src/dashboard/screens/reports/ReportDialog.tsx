/**
 * New Report / Edit Report: name, report type, frequency, format and recipients. The server checks
 * the recipients (valid addresses of the site's members, at most 20) and the frequency against the
 * site's plan, and its refusal is shown as it comes; nothing is stored on a refusal. Frequencies
 * the plan leaves out are disabled here with the reason and an upgrade link.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/DialogActions';
import { FormError } from '../../../ui/FormError';
import { SelectField } from '../../../ui/SelectField';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import {
  MAX_REPORT_RECIPIENTS,
  REPORT_FORMATS,
  REPORT_FORMAT_LABELS,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  REPORT_TYPES,
  REPORT_TYPE_LABELS,
  parseRecipients,
  type ReportFormat,
  type ReportFrequency,
  type ReportType,
} from '../../../lib/reports';
import { allowedReportFrequencies, reportFrequencyAllowed, reportFrequencyPlan, reportPlanNotice } from '../../../lib/report-plans';
import { errorMessage } from '../../data/errors';
import type { ReportInput } from '../../data/reports';

const options = <V extends string>(values: readonly V[], labels: Record<V, string>) => values.map((v) => [v, labels[v]] as const);

const frequencyOptions = (planTier: string) =>
  REPORT_FREQUENCIES.map((f) =>
    reportFrequencyAllowed(planTier, f)
      ? ([f, REPORT_FREQUENCY_LABELS[f]] as const)
      : ([f, `${REPORT_FREQUENCY_LABELS[f]} (requires ${reportFrequencyPlan(f)})`, true] as const),
  );

export function ReportDialog({
  title,
  submitLabel,
  initial,
  planTier,
  onSave,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial: ReportInput;
  /** The site's plan: which frequencies it includes. */
  planTier: string;
  onSave: (input: ReportInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial.name);
  const [type, setType] = useState<ReportType>(initial.report_type);
  // A new report starts on a frequency the plan includes (the stored one when editing).
  const [frequency, setFrequency] = useState<ReportFrequency>(() =>
    reportFrequencyAllowed(planTier, initial.frequency) || !initial.enabled
      ? initial.frequency
      : (allowedReportFrequencies(planTier)[0] ?? initial.frequency),
  );
  const [format, setFormat] = useState<ReportFormat>(initial.format);
  const [recipients, setRecipients] = useState(initial.recipients.join(', '));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const planNotice = reportPlanNotice(planTier);
  // The server refuses an active report beyond the plan; a paused one may still be edited.
  const beyondPlan = initial.enabled && !reportFrequencyAllowed(planTier, frequency);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      await onSave({ name, report_type: type, frequency, format, recipients: parseRecipients(recipients), enabled: initial.enabled });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not save the report.'));
      setSaving(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          id="report-name"
          label="Report name"
          value={name}
          placeholder="Weekly performance"
          onChange={(e) => setName(e.target.value)}
        />
        <SelectField
          id="report-type"
          label="Report type"
          value={type}
          options={options(REPORT_TYPES, REPORT_TYPE_LABELS)}
          onValue={setType}
        />
        <SelectField
          id="report-frequency"
          label="Frequency"
          value={frequency}
          options={frequencyOptions(planTier)}
          onValue={setFrequency}
          aria-describedby={planNotice ? 'report-frequency-plan' : undefined}
        />
        {planNotice && (
          <p id="report-frequency-plan" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="report-plan-notice">
            {planNotice}{' '}
            <a href="/pricing" className="font-medium underline">
              Upgrade
            </a>
          </p>
        )}
        <SelectField
          id="report-format"
          label="Format"
          value={format}
          options={options(REPORT_FORMATS, REPORT_FORMAT_LABELS)}
          onValue={setFormat}
        />
        <TextAreaField
          id="report-recipients"
          label="Recipients"
          rows={3}
          value={recipients}
          placeholder="you@example.com, colleague@example.com"
          aria-describedby="report-recipients-hint"
          onChange={(e) => setRecipients(e.target.value)}
        />
        <p id="report-recipients-hint" className="text-xs text-slate-600">
          Members of this site only, separated by commas or new lines (at most {MAX_REPORT_RECIPIENTS}).
        </p>
        <FormError error={error} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={saving || beyondPlan}>
            {saving ? 'Saving...' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
