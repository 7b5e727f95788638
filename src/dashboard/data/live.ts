/** The current site's live record (site_live), pushed by realtime within seconds of new traffic. */
import { atom, computed } from 'nanostores';
import { pb } from '../../client/pb';
import { fieldIs } from './collectionStore';
import { createLiveStore } from './liveStore';
import type { SiteLiveRecord } from './records';
import { $currentSiteId } from './sites';

/** When the live figures or the KPIs last changed. */
export const $kpisUpdatedAt = atom<Date | null>(null);

const liveState = createLiveStore<SiteLiveRecord | null, string>({
  name: 'site_live',
  key: $currentSiteId,
  empty: null,
  load: async (siteId) =>
    (await pb.collection('site_live').getList<SiteLiveRecord>(1, 1, { filter: fieldIs('site_id', siteId), requestKey: null })).items[0] ??
    null,
  realtime: [
    {
      collection: 'site_live',
      filter: (siteId) => fieldIs('site_id', siteId),
      apply: (event) => {
        $kpisUpdatedAt.set(new Date());
        return event.record as SiteLiveRecord;
      },
    },
  ],
});

/** The current site's live figures, or null until it has any. */
export const $live = computed(liveState, (s) => s.value ?? null);
