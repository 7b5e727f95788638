/**
 * The current site's exclusive groups (followed by realtime) and the Overview's 'Program impact'
 * (GET /api/cro/sites/{site}/program-impact: everyone else against the global holdout).
 */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import { createCollectionStore, fieldIs } from './collectionStore';
import type { ExperimentGroupRecord } from './records';
import { $currentSiteId } from './sites';

const groupsState = createCollectionStore<ExperimentGroupRecord>({
  collection: 'experiment_groups',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: 'created_at',
});

/** The current site's groups, oldest first; `undefined` while loading, `[]` if the load failed. */
export const $groups = computed(groupsState, (s) => s.value ?? (s.error ? [] : undefined));

export const createGroup = (siteId: string, name: string) =>
  pb.collection('experiment_groups').create<ExperimentGroupRecord>({ site_id: siteId, name }, { requestKey: null });

export interface ImpactArm {
  visitors: number;
  conversions: number;
  rate: number;
  revenue: number;
  revenuePerVisitor: number;
}

export interface ImpactComparison {
  uplift: number;
  upliftCi: [number | null, number | null];
  pValue: number;
}

export interface ProgramImpact {
  holdoutPercentage: number;
  since: string;
  holdout: ImpactArm;
  everyoneElse: ImpactArm;
  conversion: ImpactComparison | null;
  revenue: ImpactComparison | null;
  reason?: string;
}

export const fetchProgramImpact = (siteId: string) =>
  pb.send<ProgramImpact>(`/api/cro/sites/${siteId}/program-impact`, { requestKey: null });
