/**
 * CRO pattern rule templates: {{name}} placeholders with defaults, filled in before a pattern is
 * deployed as an optimization rule (the library's Deploy and the optimizations suggestions).
 */
import type { RuleChange } from './rule-changes';

export interface RuleTemplate {
  rule_type: string;
  url_pattern: string;
  selector: string;
  changes: RuleChange[];
  /** Placeholder name to default value. */
  placeholders?: Record<string, string>;
}

export const PATTERN_CATEGORIES = ['conversion', 'trust', 'form', 'checkout', 'mobile', 'pricing'] as const;
export type PatternCategory = (typeof PATTERN_CATEGORIES)[number];

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The placeholder names a template uses, in order of first appearance. */
export function templatePlaceholders(t: RuleTemplate): string[] {
  const seen: string[] = [];
  const scan = (s: string | undefined) => {
    for (const m of (s ?? '').matchAll(PLACEHOLDER)) if (!seen.includes(m[1]!)) seen.push(m[1]!);
  };
  scan(t.url_pattern);
  scan(t.selector);
  for (const c of t.changes ?? []) {
    scan(c.value);
    scan(c.name);
  }
  return seen;
}

/** Replaces every placeholder; a value missing from `values` falls back to the template default. */
export function fillTemplate(
  t: RuleTemplate,
  values: Record<string, string> = {},
): { ok: true; rule: Omit<RuleTemplate, 'placeholders'> } | { ok: false; error: string } {
  const defaults = t.placeholders ?? {};
  const missing: string[] = [];
  const fill = (s: string | undefined) =>
    s === undefined
      ? undefined
      : s.replace(PLACEHOLDER, (_, name: string) => {
          const v = (values[name] ?? defaults[name] ?? '').trim();
          if (!v && !missing.includes(name)) missing.push(name);
          return v;
        });
  const rule = {
    rule_type: t.rule_type,
    url_pattern: fill(t.url_pattern) ?? '',
    selector: fill(t.selector) ?? '',
    changes: (t.changes ?? []).map((c) => {
      const out: RuleChange = { type: c.type };
      const value = fill(c.value);
      const name = fill(c.name);
      if (value !== undefined) out.value = value;
      if (name !== undefined) out.name = name;
      return out;
    }),
  };
  if (missing.length) return { ok: false, error: `Fill in ${missing.join(', ')}` };
  return { ok: true, rule };
}

/** A readable label for a placeholder name ("cta_text" -> "Cta text"). */
export function placeholderLabel(name: string): string {
  if (name === 'url_pattern') return 'Pages (URL pattern)';
  if (name === 'selector') return 'Element (CSS selector)';
  const s = name.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
