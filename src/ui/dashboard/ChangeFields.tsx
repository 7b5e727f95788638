/** The fields of one page change (type, attribute or CSS property when it needs one, value), as rules and test variants have them. */
import type { ReactNode } from 'react';
import { CHANGE_TYPES, type ChangeType, type RuleChange } from '../../lib/rule-changes';

export const CHANGE_LABELS: Record<ChangeType, string> = {
  set_text: 'Set text',
  set_html: 'Set HTML',
  set_attribute: 'Set attribute',
  set_style: 'Set style',
  hide: 'Hide',
  insert_before: 'Insert before',
  insert_after: 'Insert after',
  inject_css: 'Inject CSS',
  redirect: 'Redirect',
};

export const changeNeedsName = (t: ChangeType) => t === 'set_attribute' || t === 'set_style';

/** The change as the server takes it: a value unless hidden, a name only where one is needed. */
export function cleanChange(c: RuleChange): RuleChange {
  const out: RuleChange = { type: c.type };
  if (c.type !== 'hide') out.value = c.value ?? '';
  if (changeNeedsName(c.type)) out.name = c.name ?? '';
  return out;
}

/** `action` sits beside the type (e.g. a remove button). */
export function ChangeFields({
  id,
  label,
  change,
  onChange,
  action,
}: {
  id: string;
  label: string;
  change: RuleChange;
  onChange: (c: RuleChange) => void;
  action?: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <label className="sr-only" htmlFor={`${id}-type`}>
          {label} type
        </label>
        <select
          id={`${id}-type`}
          value={change.type}
          onChange={(e) => onChange({ ...change, type: e.target.value as ChangeType })}
          className="flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        >
          {CHANGE_TYPES.map((t) => (
            <option key={t} value={t}>
              {CHANGE_LABELS[t]}
            </option>
          ))}
        </select>
        {action}
      </div>
      {changeNeedsName(change.type) && (
        <input
          aria-label={`${label} ${change.type === 'set_style' ? 'CSS property' : 'attribute'}`}
          placeholder={change.type === 'set_style' ? 'CSS property, e.g. background-color' : 'Attribute, e.g. href'}
          value={change.name ?? ''}
          onChange={(e) => onChange({ ...change, name: e.target.value })}
          className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        />
      )}
      {change.type !== 'hide' && (
        <textarea
          aria-label={`${label} value`}
          rows={2}
          value={change.value ?? ''}
          onChange={(e) => onChange({ ...change, value: e.target.value })}
          placeholder={
            change.type === 'redirect' ? 'https://... or /path' : change.type === 'inject_css' ? '.banner { display: none }' : 'New content'
          }
          className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        />
      )}
    </div>
  );
}
