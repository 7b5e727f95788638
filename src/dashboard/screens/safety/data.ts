/** The Safety & Monitoring screen's records and calls (dashboard spec sections 2, 7 and 8). */
import type { RecordModel } from 'pocketbase';
import { pb } from '../../../client/pb';

export interface RuleRecord extends RecordModel {
  site_id: string;
  name: string;
  rule_type: string;
  priority: number;
  enabled: boolean;
  testing_mode: boolean;
  rollout_percentage: number;
  auto_rollback_enabled: boolean;
  health_status: string;
  created_at: string;
}
export interface HealthMetricRecord extends RecordModel {
  rule_id: string;
  metric_type: string;
  value: number;
  threshold_exceeded: boolean;
  recorded_at: string;
}
export interface RollbackRecord extends RecordModel {
  rule_id: string;
  rollback_type: string;
  trigger_reason: string;
  created_at: string;
}
export interface AuditRecord extends RecordModel {
  rule_id: string;
  action: string;
  reason: string;
  changes: Record<string, unknown> | null;
  created_at: string;
}

export interface SafetyData {
  rules: RuleRecord[];
  metrics: HealthMetricRecord[];
  rollbacks: RollbackRecord[];
  audit: AuditRecord[];
}

/** Limits of the spec (section 9). */
export const METRICS_LIMIT = 50;
export const ROLLBACKS_LIMIT = 20;
export const AUDIT_LIMIT = 50;
export const ROLLBACK_REASON = 'Manual rollback requested by user';

export async function loadSafetyData(siteId: string): Promise<SafetyData> {
  const filter = pb.filter('site_id = {:siteId}', { siteId });
  const opts = { filter, requestKey: null };
  const [rules, metrics, rollbacks, audit] = await Promise.all([
    pb.collection('optimization_rules').getFullList<RuleRecord>({ ...opts, sort: '-priority,-created_at' }),
    pb
      .collection('optimization_health_metrics')
      .getList<HealthMetricRecord>(1, METRICS_LIMIT, { ...opts, sort: '-recorded_at', skipTotal: true }),
    pb.collection('optimization_rollbacks').getList<RollbackRecord>(1, ROLLBACKS_LIMIT, { ...opts, sort: '-created_at', skipTotal: true }),
    pb.collection('optimization_audit_log').getList<AuditRecord>(1, AUDIT_LIMIT, { ...opts, sort: '-created_at', skipTotal: true }),
  ]);
  return { rules, metrics: metrics.items, rollbacks: rollbacks.items, audit: audit.items };
}

export type RuleField = 'testing_mode' | 'auto_rollback_enabled' | 'rollout_percentage';

/** One changed field per update; the server writes the audit entry with the spec's reason. */
export const updateRule = (ruleId: string, field: RuleField, value: boolean | number) =>
  pb.collection('optimization_rules').update<RuleRecord>(ruleId, { [field]: value }, { requestKey: null });

export const rollbackOptimization = (siteId: string, ruleId: string) =>
  pb.send<{ success: boolean }>('/api/cro/rollback-optimization', {
    method: 'POST',
    body: { siteId, ruleId, reason: ROLLBACK_REASON },
    requestKey: null,
  });

/** The caption under the Traffic Rollout slider. */
export function rolloutCaption(pct: number): string {
  if (pct <= 0) return 'Not active - increase to start rollout';
  if (pct >= 100) return 'Active for all visitors';
  return `Active for ${pct}% of visitors`;
}

export const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

export function formatTime(iso: string): string {
  const d = new Date(iso.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function formatPercent(value: number): string {
  return `${Number.isInteger(value) ? value : Number(value.toFixed(2))}%`;
}
