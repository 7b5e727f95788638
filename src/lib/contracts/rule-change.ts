/**
 * What an optimization rule may do to a page: the change shape the dashboard edits, the hooks
 * validate and store, and the tracker applies; and the rule as the server inlines it into the
 * tracker's config. Cases: tests/fixtures/contracts/rule-changes.json.
 */
import { attributeProblem, cssProblem, htmlProblem, selectorProblem, staticTargetProblem, urlProblem } from './change-sanitizer';

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

/** An enabled rule in the tracker's config (short keys; written by pocketbase/analytics/sites.go). */
export interface TrackerRule {
  /** Rule id. */
  i: string;
  /** Assignment seed. */
  s: string;
  /** Rollout percentage. */
  p: number;
  /** URL pattern (src/lib/contracts/url-pattern.ts); absent: every page. */
  u?: string;
  /** CSS selector. */
  q?: string;
  c: RuleChange[];
  /** Testing mode: only with the preview parameter. */
  x?: boolean;
  /** URL patterns where a running experiment changes the same element: the rule is not applied there. */
  xu?: string[];
  /** The audience the rule is shown to (a personalization); absent: everyone. */
  a?: string;
  /** Percent of that audience held out: they keep the original, for the measured effect. */
  h?: number;
}

export const MAX_CHANGES = 20;
export const MAX_CHANGE_VALUE = 10_000;

export type RuleChangesResult = { ok: true; changes: RuleChange[] } | { ok: false; error: string };

/**
 * The server's check of a rule's changes before it is stored; the result is what is stored. With
 * the rule's selector, also what can be told of the elements they land on (staticTargetProblem).
 */
export function validateRuleChanges(input: unknown, selector = ''): RuleChangesResult {
  if (!Array.isArray(input)) return { ok: false, error: 'Changes must be a list' };
  const sel = selectorProblem(selector);
  if (sel) return { ok: false, error: `The selector is refused: ${sel}` };
  if (input.length > MAX_CHANGES) return { ok: false, error: `A rule may have at most ${MAX_CHANGES} changes` };
  const changes: RuleChange[] = [];
  for (let i = 0; i < input.length; i++) {
    const raw = input[i] as Record<string, unknown> | null;
    const where = `Change ${i + 1}`;
    if (!raw || typeof raw !== 'object') return { ok: false, error: `${where} is not an object` };
    const type = raw.type as ChangeType;
    if (!(CHANGE_TYPES as readonly string[]).includes(type)) return { ok: false, error: `${where} has an unknown type` };
    const value = raw.value == null ? undefined : String(raw.value);
    const name = raw.name == null ? undefined : String(raw.name).trim();
    if (value !== undefined && value.length > MAX_CHANGE_VALUE) return { ok: false, error: `${where} is too long` };
    if (type !== 'hide' && (value === undefined || (type !== 'set_text' && value.trim() === ''))) {
      return { ok: false, error: `${where} needs a value` };
    }
    if ((type === 'set_attribute' || type === 'set_style') && !name) return { ok: false, error: `${where} needs a name` };
    const problem = changeProblem({ type, value, name });
    if (problem) return { ok: false, error: `${where} ${problem}` };
    const target = staticTargetProblem(selector, { type, value, name });
    if (target) return { ok: false, error: `${where} is refused: ${target}` };
    // Browsers drop tabs and newlines inside a URL: "/\tjavascript:" is read otherwise than it is seen.
    if (type === 'redirect' && /[\0-\x20\x7f-\x9f]/.test(value ?? ''))
      return { ok: false, error: `${where} must redirect to a URL without spaces or control characters` };
    if (type === 'redirect' && (!/^(https?:\/\/|\/)/i.test(value ?? '') || urlProblem(value ?? '')))
      return { ok: false, error: `${where} must redirect to an http(s) URL or a path` };
    const change: RuleChange = { type };
    if (value !== undefined) change.value = value;
    if (name) change.name = name;
    changes.push(change);
  }
  return { ok: true, changes };
}

/**
 * What the sanitizer policy (change-sanitizer.ts) refuses in one change, as the end of a sentence
 * starting with "Change N", or ''. The tracker skips a change for which this is not empty.
 */
export function changeProblem(c: RuleChange): string {
  const v = c.value || '';
  if (c.type === 'set_attribute') return attributeProblem(c.name || '', v) ? `may not set the ${c.name} attribute` : '';
  let problem = '';
  if (c.type === 'set_html' || c.type === 'insert_before' || c.type === 'insert_after') problem = htmlProblem(v);
  else if (c.type === 'set_style')
    problem = /^(--)?[a-z][a-z0-9-]*$/i.test(c.name || '') ? cssProblem(v) : `the ${c.name} style property is not allowed`;
  else if (c.type === 'inject_css') problem = cssProblem(v);
  return problem ? `is refused: ${problem}` : '';
}
