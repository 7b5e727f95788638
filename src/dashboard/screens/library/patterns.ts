/** CRO patterns as the library and the optimizations screen read them, and deploying one. */
import type { RecordModel } from 'pocketbase';
import { pb } from '../../../client/pb';
import { can } from '../../../lib/plans';
import type { RuleTemplate } from '../../../lib/patterns';
import type { RuleChange } from '../../../lib/rule-changes';

export interface PatternRecord extends RecordModel {
  name: string;
  description: string;
  tags: string[] | null;
  category: string;
  featured: boolean;
  avg_lift: number;
  impact: string;
  difficulty: string;
  implementations: number;
  time_to_implement: string;
  prediction_model: string;
  predicted_lift_min: number;
  predicted_lift_max: number;
  confidence: number;
  rule_template: RuleTemplate | null;
}

/** All patterns, featured first then by average lift (spec section 7). */
export const loadPatterns = () =>
  pb.collection('cro_patterns').getFullList<PatternRecord>({ sort: '-featured,-avg_lift', requestKey: null });

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
export async function createRule(siteId: string, planTier: string | undefined, rule: NewRule) {
  const deploy = can(planTier, 'deploy_optimization');
  const record = await pb.collection('optimization_rules').create(
    {
      site_id: siteId,
      priority: 0,
      testing_mode: false,
      auto_rollback_enabled: true,
      ...rule,
      enabled: deploy,
    },
    { requestKey: null },
  );
  return { record, deployed: deploy };
}

/** Confidence colours of the spec: 90 or more green, 80 or more amber, else blue. */
export const confidenceClass = (c: number) => (c >= 90 ? 'text-emerald-700' : c >= 80 ? 'text-amber-700' : 'text-blue-700');
export const impactTone = (i: string) =>
  (i === 'high' ? 'success' : i === 'medium' ? 'warning' : 'secondary') as 'success' | 'warning' | 'secondary';
