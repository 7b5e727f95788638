/** The CRO pattern library, and requests for new patterns. */
import { atom, computed } from 'nanostores';
import { pb } from '../../client/pb';
import { createCollectionStore } from './collectionStore';
import type { PatternRecord } from './records';

const patternsState = createCollectionStore<PatternRecord, true>({
  collection: 'cro_patterns',
  key: atom<true>(true),
  sort: '-featured,-avg_lift',
  realtime: false,
});

/** All patterns, featured first then by average lift; `undefined` while loading, `[]` if that failed. */
export const $patterns = computed(patternsState, (s) => s.value ?? (s.error ? [] : undefined));

/** Whether loading the patterns failed. */
export const $patternsFailed = computed(patternsState, (s) => s.error !== null);

export interface PatternRequest {
  userId: string;
  siteId: string | null;
  name: string;
  category: string;
  description: string;
}

export const requestPattern = (r: PatternRequest) =>
  pb
    .collection('pattern_requests')
    .create(
      { user_id: r.userId, site_id: r.siteId ?? '', name: r.name, category: r.category, description: r.description },
      { requestKey: null },
    );
