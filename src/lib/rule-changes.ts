/**
 * What an optimization rule may do to a page, and the validation the server applies before a
 * rule is stored. The tracker applies the same shapes.
 */
export const CHANGE_TYPES = [
  'set_text',
  'set_html',
  'set_attribute',
  'set_style',
  'hide',
  'insert_before',
  'insert_after',
  'inject_css',
  'redirect',
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export interface RuleChange {
  type: ChangeType;
  /** Text, HTML, CSS or redirect URL depending on the type. */
  value?: string;
  /** Attribute or CSS property name for set_attribute / set_style. */
  name?: string;
}

const MAX_CHANGES = 20;
const MAX_VALUE = 10_000;
/** Attributes that would let a change run script; set_html is sanitized when applied. */
const FORBIDDEN_ATTRIBUTE = /^(on|srcdoc$|formaction$)/i;

export function validateRuleChanges(input: unknown): { ok: true; changes: RuleChange[] } | { ok: false; error: string } {
  if (!Array.isArray(input)) return { ok: false, error: 'Changes must be a list' };
  if (input.length > MAX_CHANGES) return { ok: false, error: `A rule may have at most ${MAX_CHANGES} changes` };
  const changes: RuleChange[] = [];
  for (let i = 0; i < input.length; i++) {
    const raw = input[i] as Record<string, unknown> | null;
    const where = `Change ${i + 1}`;
    if (!raw || typeof raw !== 'object') return { ok: false, error: `${where} is not an object` };
    const type = raw.type as ChangeType;
    if (!(CHANGE_TYPES as readonly string[]).includes(type)) return { ok: false, error: `${where} has an unknown type` };
    const value = raw.value === undefined ? undefined : String(raw.value);
    const name = raw.name === undefined ? undefined : String(raw.name).trim();
    if (value !== undefined && value.length > MAX_VALUE) return { ok: false, error: `${where} is too long` };
    if (type !== 'hide' && (value === undefined || (type !== 'set_text' && value.trim() === ''))) {
      return { ok: false, error: `${where} needs a value` };
    }
    if ((type === 'set_attribute' || type === 'set_style') && !name) return { ok: false, error: `${where} needs a name` };
    if (
      type === 'set_attribute' &&
      name &&
      (FORBIDDEN_ATTRIBUTE.test(name) || (/^(href|src|action)$/i.test(name) && /^\s*javascript:/i.test(value ?? '')))
    ) {
      return { ok: false, error: `${where} may not set the ${name} attribute` };
    }
    if (type === 'redirect' && !/^(https?:\/\/|\/)/i.test(value ?? ''))
      return { ok: false, error: `${where} must redirect to an http(s) URL or a path` };
    const change: RuleChange = { type };
    if (value !== undefined) change.value = value;
    if (name) change.name = name;
    changes.push(change);
  }
  return { ok: true, changes };
}

/** Rollout moves in steps of 5 between 0 and 100 (dashboard spec section 5). */
export function isValidRollout(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100 && value % 5 === 0;
}

/** Fields a rule update is audited for, with the spec's reason texts. */
export const AUDITED_RULE_FIELDS = [
  'enabled',
  'testing_mode',
  'auto_rollback_enabled',
  'rollout_percentage',
  'priority',
  'url_pattern',
  'selector',
  'changes',
  'name',
  'rule_type',
] as const;

export function auditReason(field: string, value: unknown): string {
  if (field === 'rollout_percentage') return `Rollout percentage changed to ${value}%`;
  if (typeof value === 'boolean') return `User ${value ? 'enabled' : 'disabled'} ${field}`;
  return `User changed ${field}`;
}
