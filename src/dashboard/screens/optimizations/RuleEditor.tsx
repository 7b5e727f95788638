/** 'Add Optimization' / edit: targeting (URL pattern + CSS selector), changes, rollout, testing mode. */
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../ui/toast';
import { can } from '../../../lib/plans';
import { validateRuleChanges, type RuleChange } from '../../../lib/rule-changes';
import { ChangeFields, cleanChange } from '../../../ui/dashboard/ChangeFields';
import { errorMessage } from '../../data/errors';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { FormError } from '../../../ui/FormError';
import { DialogActions } from '../../../ui/DialogActions';
import { PaidPlanNotice } from '../../../ui/dashboard/PaidPlanNotice';
import { EditVisuallyButton } from '../../../ui/dashboard/EditVisuallyButton';
import { rolloutCaption } from '../../../ui/dashboard/rolloutCaption';
import type { RuleRecord, SiteRecord } from '../../data/records';
import { saveRule } from '../../data/rules';
import { $audiences } from '../../data/audiences';
import { useStore } from '@nanostores/react';
import { SelectField } from '../../../ui/SelectField';
import { DEFAULT_HOLDOUT_PERCENTAGE, MAX_HOLDOUT_PERCENTAGE } from '../../../lib/audiences';
import { previewUrl } from './rules';

export function RuleEditor({
  site,
  rule,
  onClose,
  onSaved,
}: {
  site: SiteRecord;
  rule?: RuleRecord;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(rule?.name ?? '');
  const [ruleType, setRuleType] = useState(rule?.rule_type ?? 'custom');
  const [urlPattern, setUrlPattern] = useState(rule?.url_pattern ?? '/*');
  const [selector, setSelector] = useState(rule?.selector ?? '');
  const [changes, setChanges] = useState<RuleChange[]>(rule?.changes?.length ? rule.changes : [{ type: 'set_text', value: '' }]);
  const [rollout, setRollout] = useState(rule?.rollout_percentage ?? 10);
  const [testing, setTesting] = useState(rule?.testing_mode ?? false);
  const [autoRollback, setAutoRollback] = useState(rule?.auto_rollback_enabled ?? true);
  const audiences = useStore($audiences) ?? [];
  const [audience, setAudience] = useState(rule?.audience ?? '');
  const [holdout, setHoldout] = useState(rule?.audience ? rule.holdout_percentage : DEFAULT_HOLDOUT_PERCENTAGE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<RuleRecord | null>(rule ?? null);
  const paid = can(site.plan_tier, 'deploy_optimization');

  async function save(deploy: boolean, e?: FormEvent) {
    e?.preventDefault();
    if (!name.trim()) return setError('Give the optimization a name.');
    if (!selector.trim() && changes.some((c) => c.type !== 'inject_css' && c.type !== 'redirect'))
      return setError('Enter the CSS selector of the elements to change.');
    const cleaned = changes.map(cleanChange);
    const valid = validateRuleChanges(cleaned, selector.trim());
    if (!valid.ok) return setError(valid.error);
    setBusy(true);
    setError(null);
    const body = {
      name: name.trim(),
      rule_type: ruleType.trim() || 'custom',
      url_pattern: urlPattern.trim() || '/*',
      selector: selector.trim(),
      changes: valid.changes,
      rollout_percentage: rollout,
      testing_mode: testing,
      auto_rollback_enabled: autoRollback,
      audience,
      holdout_percentage: holdout,
      ...(deploy ? { enabled: true } : {}),
    };
    try {
      const record = await saveRule(site.id, saved?.id ?? null, body);
      setSaved(record);
      if (deploy)
        notify(
          'Optimization Deployed!',
          `${record.name} is live for ${rolloutCaption(record.rollout_percentage).replace(/^Active for /, '')}.`,
          'success',
        );
      else notify('Optimization saved', testing ? 'Open the preview link to check it on your site.' : 'Saved as a draft.', 'success');
      onSaved();
      if (deploy) onClose();
    } catch (err) {
      if (deploy) notify('Deployment Failed', errorMessage(err, 'Could not deploy the optimization.'), 'destructive');
      setError(errorMessage(err, 'Could not save the optimization.'));
    } finally {
      setBusy(false);
    }
  }

  const textFields = [
    { id: 'rule-name', label: 'Name', value: name, set: setName, maxLength: 200 },
    {
      id: 'rule-type',
      label: 'Rule type',
      hint: 'A short label such as cta_text or trust_badge',
      value: ruleType,
      set: setRuleType,
      maxLength: 100,
    },
    {
      id: 'rule-url',
      label: 'Pages (URL pattern)',
      hint: 'A path with * wildcards, e.g. /checkout* or /products/*',
      value: urlPattern,
      set: setUrlPattern,
      maxLength: 500,
    },
    {
      id: 'rule-selector',
      label: 'Elements (CSS selector)',
      hint: 'e.g. #checkout-button or .hero h1',
      value: selector,
      set: setSelector,
      maxLength: 1000,
    },
  ];

  return (
    <Dialog title={rule ? 'Edit Optimization' : 'Add Optimization'} onClose={onClose}>
      <form onSubmit={(e) => void save(false, e)} className="space-y-3" noValidate>
        {textFields.map(({ set, ...field }) => (
          <TextField key={field.id} {...field} onChange={(e) => set(e.target.value)} />
        ))}
        {saved ? (
          <EditVisuallyButton domain={site.domain} urlPattern={urlPattern} target={{ kind: 'rule', id: saved.id }} />
        ) : (
          <p className="text-xs text-slate-500">Save the optimization to edit it visually on your page.</p>
        )}

        <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium">Changes</legend>
          {changes.map((c, i) => (
            <div key={i} className="rounded border border-slate-100 bg-slate-50 p-2" data-testid="change-row">
              <ChangeFields
                id={`change-${i}`}
                label={`Change ${i + 1}`}
                change={c}
                onChange={(next) => setChanges((cs) => cs.map((old, j) => (j === i ? next : old)))}
                action={
                  <Button
                    variant="ghost"
                    aria-label={`Remove change ${i + 1}`}
                    disabled={changes.length === 1}
                    onClick={() => setChanges((cs) => cs.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="h-4 w-4" />
                  </Button>
                }
              />
            </div>
          ))}
          <Button
            variant="outline"
            onClick={() => setChanges((cs) => [...cs, { type: 'set_text', value: '' }])}
            disabled={changes.length >= 20}
          >
            <Plus className="h-4 w-4" />
            Add change
          </Button>
        </fieldset>

        <div>
          <label htmlFor="rule-rollout" className="text-sm font-medium">
            Traffic Rollout: {rollout}%
          </label>
          <input
            id="rule-rollout"
            type="range"
            min={0}
            max={100}
            step={5}
            value={rollout}
            onChange={(e) => setRollout(Number(e.target.value))}
            className="w-full accent-indigo-600"
          />
          <p className="text-xs text-slate-500">{rolloutCaption(rollout)}</p>
        </div>
        <SelectField
          id="rule-audience"
          label="Audience"
          value={audience}
          options={[['', 'Everyone'] as const, ...audiences.map((a) => [a.id, a.name] as const)]}
          onValue={setAudience}
        />
        {audience && (
          <div>
            <label htmlFor="rule-holdout" className="text-sm font-medium">
              Holdout: {holdout}% of the audience keeps the original
            </label>
            <input
              id="rule-holdout"
              type="range"
              min={0}
              max={MAX_HOLDOUT_PERCENTAGE}
              step={1}
              value={holdout}
              onChange={(e) => setHoldout(Number(e.target.value))}
              className="w-full accent-indigo-600"
            />
            <p className="text-xs text-slate-500">
              A rule for an audience is a personalization: its effect is measured against this holdout.
            </p>
          </div>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={testing} onChange={(e) => setTesting(e.target.checked)} />
          Testing Mode (only visitors opening the preview link see it)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={autoRollback} onChange={(e) => setAutoRollback(e.target.checked)} />
          Automatic Rollback
        </label>

        {saved && (
          <p className="text-sm">
            Preview (works once the rule is deployed; in Testing Mode only visitors opening this link see it):{' '}
            <a
              href={previewUrl(site.domain, saved)}
              target="_blank"
              rel="noopener noreferrer"
              className="break-all text-indigo-700 underline"
            >
              {previewUrl(site.domain, saved)}
            </a>
          </p>
        )}
        <FormError error={error} />
        {!paid && <PaidPlanNotice />}
        <DialogActions onCancel={onClose} className="flex justify-end gap-2 pt-1">
          <Button type="submit" variant="outline" disabled={busy}>
            Save Draft
          </Button>
          {paid && (
            <Button disabled={busy} onClick={() => void save(true)}>
              Deploy
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
