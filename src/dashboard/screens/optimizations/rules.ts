/** The optimizations screen's view of rules: status, search filter and preview links. */
import type { RuleRecord } from '../../data/records';

/** The query parameter that shows a testing-mode rule to whoever opens the link. */
export const PREVIEW_PARAM = 'cro_preview';

/** A page the rule targets, on the site, with the preview parameter. */
export function previewUrl(domain: string, rule: Pick<RuleRecord, 'id' | 'url_pattern'>): string {
  const pattern = rule.url_pattern || '/';
  const path = pattern.split('*')[0] || '/';
  const url = new URL(path.startsWith('/') ? path : `/${path}`, `https://${domain}`);
  url.searchParams.set(PREVIEW_PARAM, rule.id);
  return url.toString();
}

export type StatusFilter = 'all' | 'live' | 'draft' | 'testing';

export function ruleStatus(r: RuleRecord): Exclude<StatusFilter, 'all'> {
  if (r.enabled && r.testing_mode) return 'testing';
  return r.enabled ? 'live' : 'draft';
}

export function filterRules(rules: RuleRecord[], query: string, status: StatusFilter): RuleRecord[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return rules.filter((r) => {
    if (status !== 'all' && ruleStatus(r) !== status) return false;
    const hay = `${r.name} ${r.rule_type} ${r.url_pattern} ${r.selector} ${r.description}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}
