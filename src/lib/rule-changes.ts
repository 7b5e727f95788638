/** Rule settings besides the changes; the change contract itself is src/lib/contracts/rule-change.ts. */
export { CHANGE_TYPES, validateRuleChanges, type ChangeType, type RuleChange } from './contracts/rule-change';

/** Rollout moves in steps of 5 between 0 and 100. */
export function isValidRollout(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100 && value % 5 === 0;
}

/** Fields a rule update is audited for, with the reason text each entry gets. */
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
  'audience',
  'holdout_percentage',
] as const;

export function auditReason(field: string, value: unknown): string {
  if (field === 'rollout_percentage') return `Rollout percentage changed to ${value}%`;
  if (field === 'holdout_percentage') return `Holdout changed to ${value}%`;
  if (field === 'audience') return value ? 'User targeted the rule to an audience' : "User removed the rule's audience";
  if (typeof value === 'boolean') return `User ${value ? 'enabled' : 'disabled'} ${field}`;
  return `User changed ${field}`;
}
