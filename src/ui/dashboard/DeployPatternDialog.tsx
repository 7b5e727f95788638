/** Deploying a pattern: fill its template's placeholders, then create the rule on the current site. */
import { useState, type FormEvent } from 'react';
import { notify } from '../toast';
import { can } from '../../lib/plans';
import { fillTemplate, placeholderLabel, templatePlaceholders } from '../../lib/patterns';
import { errorMessage } from '../../dashboard/data/errors';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { TextField } from '../TextField';
import { FormError } from '../FormError';
import { DialogActions } from '../DialogActions';
import { PaidPlanNotice } from './PaidPlanNotice';
import type { PatternRecord, SiteRecord } from '../../dashboard/data/records';
import { createDraftRule, createRule, SAFE_ROLLOUT } from '../../dashboard/data/rules';
import { EditVisuallyButton } from './EditVisuallyButton';

export function DeployPatternDialog({
  pattern,
  site,
  onClose,
  onDone,
}: {
  pattern: PatternRecord;
  site: SiteRecord;
  onClose: () => void;
  onDone?: () => void;
}) {
  const template = pattern.rule_template;
  const names = template ? templatePlaceholders(template) : [];
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...(template?.placeholders ?? {}) }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const paid = can(site.plan_tier, 'deploy_optimization');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!template) return;
    const filled = fillTemplate(template, values);
    if (!filled.ok) {
      setError(filled.error);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { deployed } = await createRule(site.id, site.plan_tier, {
        name: pattern.name,
        description: pattern.description,
        ...filled.rule,
        rollout_percentage: SAFE_ROLLOUT,
      });
      if (deployed)
        notify(
          'Optimization Deployed!',
          `${pattern.name} is live for ${SAFE_ROLLOUT}% of visitors on ${site.domain}, with automatic rollback on.`,
          'success',
        );
      else notify('Saved as a draft', `${pattern.name} is saved. Upgrade to a paid plan to deploy it.`);
      onDone?.();
      onClose();
    } catch (err) {
      notify('Deployment Failed', errorMessage(err, 'Could not deploy the optimization.'), 'destructive');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={`Deploy ${pattern.name}`} onClose={onClose}>
      {!template ? (
        <p className="text-sm text-slate-600">This pattern has no rule template yet.</p>
      ) : (
        <form onSubmit={submit} className="space-y-3">
          <p className="text-sm text-slate-600">
            Creates an optimization rule on <strong>{site.domain}</strong>
            {paid
              ? `, live for ${SAFE_ROLLOUT}% of visitors with automatic rollback. Raise the rollout in Safety & Monitoring.`
              : ' as a disabled draft.'}
          </p>
          {names.map((name) => (
            <TextField
              key={name}
              id={`tpl-${name}`}
              label={placeholderLabel(name)}
              value={values[name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              required
            />
          ))}
          <EditVisuallyButton
            domain={site.domain}
            urlPattern={template.url_pattern || '/'}
            label="Save as draft and edit visually"
            before={() => {
              const filled = fillTemplate(template, values);
              return filled.ok ? null : filled.error;
            }}
            target={async () => {
              const filled = fillTemplate(template, values);
              if (!filled.ok) return null;
              const record = await createDraftRule(site.id, {
                name: pattern.name,
                description: pattern.description,
                ...filled.rule,
                rollout_percentage: SAFE_ROLLOUT,
              });
              notify('Saved as a draft', `${pattern.name} opens in the visual editor; deploy it from Optimizations when it is ready.`);
              onDone?.();
              return { kind: 'rule', id: record.id };
            }}
          />
          <FormError error={error} />
          {!paid && <PaidPlanNotice />}
          <DialogActions onCancel={onClose} className="flex justify-end gap-2 pt-2">
            <Button type="submit" disabled={busy}>
              {paid ? 'Deploy' : 'Save Draft'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
