/** The optimizations screen's rules: full records, filters, preview links and deploy. */
import { pb } from '../../../client/pb';
import type { RuleChange } from '../../../lib/rule-changes';
import type { RuleRecord } from '../safety/data';

export interface FullRule extends RuleRecord {
  description: string;
  url_pattern: string;
  selector: string;
  changes: RuleChange[] | null;
}

/** The query parameter that shows a testing-mode rule to whoever opens the link. */
export const PREVIEW_PARAM = 'cro_preview';

export const loadRules = (siteId: string) =>
  pb
    .collection('optimization_rules')
    .getFullList<FullRule>({ filter: pb.filter('site_id = {:siteId}', { siteId }), sort: '-created_at', requestKey: null });

export const setEnabled = (ruleId: string, enabled: boolean) =>
  pb.collection('optimization_rules').update<FullRule>(ruleId, { enabled }, { requestKey: null });

/** A page the rule targets, on the site, with the preview parameter. */
export function previewUrl(domain: string, rule: Pick<FullRule, 'id' | 'url_pattern'>): string {
  const pattern = rule.url_pattern || '/';
  const path = pattern.split('*')[0] || '/';
  const url = new URL(path.startsWith('/') ? path : `/${path}`, `https://${domain}`);
  url.searchParams.set(PREVIEW_PARAM, rule.id);
  return url.toString();
}

export type StatusFilter = 'all' | 'live' | 'draft' | 'testing';

export function ruleStatus(r: FullRule): Exclude<StatusFilter, 'all'> {
  if (r.enabled && r.testing_mode) return 'testing';
  return r.enabled ? 'live' : 'draft';
}

export function filterRules(rules: FullRule[], query: string, status: StatusFilter): FullRule[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return rules.filter((r) => {
    if (status !== 'all' && ruleStatus(r) !== status) return false;
    const hay = `${r.name} ${r.rule_type} ${r.url_pattern} ${r.selector} ${r.description}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}
