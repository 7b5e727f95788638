/**
 * The Safety & Monitoring data of one site: its rules, newest health metrics, rollbacks and audit
 * entries, reloaded (once per burst) whenever any of them changes.
 */
import { atom, computed, onMount } from 'nanostores';
import { pb } from '../../client/pb';
import { fieldIs } from './collectionStore';
import { createLiveStore } from './liveStore';
import type { AuditRecord, HealthMetricRecord, RollbackRecord, RuleRecord } from './records';
import { $sites } from './sites';

export interface SafetyData {
  rules: RuleRecord[];
  metrics: HealthMetricRecord[];
  rollbacks: RollbackRecord[];
  audit: AuditRecord[];
}

/** How many of each the Safety screen shows. */
export const METRICS_LIMIT = 50;
export const ROLLBACKS_LIMIT = 20;
export const AUDIT_LIMIT = 50;

const COLLECTIONS = ['optimization_rules', 'optimization_health_metrics', 'optimization_rollbacks', 'optimization_audit_log'];

async function loadSafetyData(siteId: string): Promise<SafetyData> {
  const opts = { filter: fieldIs('site_id', siteId), requestKey: null };
  const newest = (sort: string) => ({ ...opts, sort, skipTotal: true });
  const [rules, metrics, rollbacks, audit] = await Promise.all([
    pb.collection('optimization_rules').getFullList<RuleRecord>({ ...opts, sort: '-priority,-created_at' }),
    pb.collection('optimization_health_metrics').getList<HealthMetricRecord>(1, METRICS_LIMIT, newest('-recorded_at')),
    pb.collection('optimization_rollbacks').getList<RollbackRecord>(1, ROLLBACKS_LIMIT, newest('-created_at')),
    pb.collection('optimization_audit_log').getList<AuditRecord>(1, AUDIT_LIMIT, newest('-created_at')),
  ]);
  return { rules, metrics: metrics.items, rollbacks: rollbacks.items, audit: audit.items };
}

const $picked = atom<string | null>(null);

/** The site the Safety screen shows: the one picked there, else the user's first site. */
export const $safetySite = computed([$sites, $picked], (sites, picked) => sites?.find((s) => s.id === picked) ?? sites?.[0] ?? null);

export const pickSafetySite = (id: string) => $picked.set(id);

const $safetySiteId = computed($safetySite, (site) => site?.id ?? null);

/** The shown site's safety data (`value` undefined while loading; `error` set when a load failed). */
export const $safety = createLiveStore<SafetyData, string>({
  name: 'safety',
  key: $safetySiteId,
  load: loadSafetyData,
  realtime: COLLECTIONS.map((collection) => ({ collection, filter: (siteId: string) => fieldIs('site_id', siteId) })),
  debounceMs: 150,
});

// The pick lasts while the screen is open, as a screen's own state would.
onMount($safety, () => () => $picked.set(null));
