/** The current site's optimization rules, followed by realtime, and the changes the dashboard makes to rules. */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import { can } from '../../lib/plans';
import type { RuleChange } from '../../lib/rule-changes';
import { createCollectionStore, fieldIs } from './collectionStore';
import type { RuleRecord } from './records';
import { $currentSiteId } from './sites';

const rulesState = createCollectionStore<RuleRecord>({
  collection: 'optimization_rules',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: '-created_at',
});

/** The current site's rules, newest first; `undefined` while loading, `[]` if the load failed. */
export const $rules = computed(rulesState, (s) => s.value ?? (s.error ? [] : undefined));

/** The last failed load of the rules, or null. */
export const $rulesError = computed(rulesState, (s) => s.error);

export const refetchRules = () => rulesState.refetch();

export const setRuleEnabled = (ruleId: string, enabled: boolean) =>
  pb.collection('optimization_rules').update<RuleRecord>(ruleId, { enabled }, { requestKey: null });

export type RuleField = 'testing_mode' | 'auto_rollback_enabled' | 'rollout_percentage';

/** One changed field per update; the server writes the audit entry with its reason text. */
export const updateRuleField = (ruleId: string, field: RuleField, value: boolean | number) =>
  pb.collection('optimization_rules').update<RuleRecord>(ruleId, { [field]: value }, { requestKey: null });

export type RuleInput = Partial<Omit<RuleRecord, 'id' | 'site_id' | 'collectionId' | 'collectionName'>>;

/** Saves the rule editor's form: updates `ruleId`, or creates a disabled rule on the site. */
export const saveRule = (siteId: string, ruleId: string | null, body: RuleInput) =>
  ruleId
    ? pb.collection('optimization_rules').update<RuleRecord>(ruleId, body, { requestKey: null })
    : pb
        .collection('optimization_rules')
        .create<RuleRecord>({ site_id: siteId, priority: 0, enabled: false, ...body }, { requestKey: null });

export const ROLLBACK_REASON = 'Manual rollback requested by user';

export const rollbackOptimization = (siteId: string, ruleId: string) =>
  pb.send<{ success: boolean }>('/api/cro/rollback-optimization', {
    method: 'POST',
    body: { siteId, ruleId, reason: ROLLBACK_REASON },
    requestKey: null,
  });

/** The rollout a paid site starts a deployed pattern at: a small share, with automatic rollback on. */
export const SAFE_ROLLOUT = 10;

export interface NewRule {
  name: string;
  description?: string;
  rule_type: string;
  url_pattern: string;
  selector: string;
  changes: RuleChange[];
  rollout_percentage: number;
  testing_mode?: boolean;
  priority?: number;
}

/**
 * Creates the rule on the site: enabled (deployed) on paid plans, a disabled draft on free ones.
 * The server enforces the plan either way.
 */
/** A disabled rule (a pattern about to be placed in the visual editor, then deployed from Optimizations). */
export const createDraftRule = (siteId: string, rule: NewRule) =>
  pb
    .collection('optimization_rules')
    .create<RuleRecord>(
      { site_id: siteId, priority: 0, testing_mode: false, auto_rollback_enabled: true, ...rule, enabled: false },
      { requestKey: null },
    );

export async function createRule(siteId: string, planTier: string | undefined, rule: NewRule) {
  const deploy = can(planTier, 'deploy_optimization');
  const record = await pb
    .collection('optimization_rules')
    .create<RuleRecord>(
      { site_id: siteId, priority: 0, testing_mode: false, auto_rollback_enabled: true, ...rule, enabled: deploy },
      { requestKey: null },
    );
  return { record, deployed: deploy };
}
