/**
 * The current site's audiences (followed by realtime), each one's share of last week's visitors
 * (GET /api/cro/audiences/{site}/reach) and a personalization's measured effect against its
 * holdout (GET /api/cro/rules/{id}/personalization).
 */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import type { AudienceDefinition } from '../../lib/contracts/audience';
import { createCollectionStore, fieldIs } from './collectionStore';
import type { AudienceRecord } from './records';
import { $currentSiteId } from './sites';

const audiencesState = createCollectionStore<AudienceRecord>({
  collection: 'audiences',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: 'created_at',
});

/** The current site's audiences, oldest first; `undefined` while loading, `[]` if the load failed. */
export const $audiences = computed(audiencesState, (s) => s.value ?? (s.error ? [] : undefined));
export const $audiencesError = computed(audiencesState, (s) => s.error);

export type AudienceInput = { name: string } & AudienceDefinition;

export const saveAudience = (siteId: string, id: string | null, body: AudienceInput) =>
  id
    ? pb.collection('audiences').update<AudienceRecord>(id, body, { requestKey: null })
    : pb.collection('audiences').create<AudienceRecord>({ site_id: siteId, ...body }, { requestKey: null });

export const deleteAudience = (id: string) => pb.collection('audiences').delete(id, { requestKey: null });

export interface AudienceReach {
  visitors: number;
  audiences: { id: string; name: string; visitors: number; share: number }[];
}

export const fetchAudienceReach = (siteId: string) => pb.send<AudienceReach>(`/api/cro/audiences/${siteId}/reach`, { requestKey: null });

export interface PersonalizationArm {
  visitors: number;
  conversions: number;
  rate: number;
}

export interface PersonalizationEffect {
  audienceId: string;
  audienceName: string;
  holdoutPercentage: number;
  holdout: PersonalizationArm;
  personalized: PersonalizationArm;
  enough: boolean;
  reason?: string;
  uplift: number;
  upliftCi: [number | null, number | null] | null;
  pValue: number;
  chanceToBeatHoldout: number;
}

export const fetchPersonalizationEffect = (ruleId: string) =>
  pb.send<PersonalizationEffect>(`/api/cro/rules/${ruleId}/personalization`, { requestKey: null });
